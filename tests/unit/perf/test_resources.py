"""The resource sampler: /proc readers, log marks, /metrics gauges, NVML through the recorded stand-in, the probe
process end to end, and the per-phase summary."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from stackeval.perf import resource_probe as probe
from stackeval.perf.nvml_replay import RecordedNvml
from stackeval.perf.resource_summary import parse_probe_lines, summarize
from stackeval.perf.resources import ResourceSampler, for_endpoint, is_loopback, metrics_url_for
from stackeval.records.perf import StartupInfo
from stackeval.records.resources import GpuReading, PhaseMark, ResourceSample

NVML = Path(__file__).parents[2] / "fixtures" / "nvml"
MIB = 1024**2


# ---- /proc ----------------------------------------------------------------------------------------


def test_meminfo_reads_total_and_available(tmp_path: Path) -> None:
    f = tmp_path / "meminfo"
    f.write_text("MemTotal:       24684544 kB\nMemFree:         1000 kB\nMemAvailable:   23366400 kB\n")
    assert probe.read_meminfo(str(f)) == (24684544 * 1024, 23366400 * 1024)
    total, avail = probe.read_meminfo()
    assert total and avail and 0 < avail <= total


def _vmrss(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def test_tree_covers_children_and_matches_proc_status() -> None:
    code = "import subprocess,sys,time; c=subprocess.Popen([sys.executable,'-c','import time; x=bytearray(30_000_000); time.sleep(30)']); print(c.pid, flush=True); time.sleep(30)"
    parent = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None
        child = int(parent.stdout.readline())
        time.sleep(0.5)
        assert set(probe.tree_pids(parent.pid)) == {parent.pid, child}
        rss, cpu, n = probe.tree_usage(parent.pid)
        assert n == 2 and cpu is not None and cpu >= 0
        want = _vmrss(parent.pid) + _vmrss(child)
        assert rss == pytest.approx(want, rel=0.05)  # statm/stat RSS and status VmRSS: the same pages
        assert rss > 30_000_000
    finally:
        parent.kill()
        parent.wait()
        if parent.stdout is not None:
            parent.stdout.close()
    assert probe.tree_usage(parent.pid) == (None, None, 0)
    os.kill(child, 9)


def test_listening_pid_finds_the_process_that_listens() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert probe.listening_pid(port) == os.getpid()
    assert probe.listening_pid(port) is None


def test_loopback_and_metrics_url() -> None:
    assert is_loopback("http://127.0.0.1:8080/v1") and is_loopback("http://localhost:1")
    assert not is_loopback("https://api.example.com/v1")
    assert metrics_url_for("http://127.0.0.1:8080/v1") == "http://127.0.0.1:8080/metrics"
    remote = for_endpoint("http://10.255.255.1:9/v1")
    assert remote.remote and remote.pid is None and "--no-host" in remote.argv() and "--pid" not in remote.argv()


# ---- log marks and /metrics -----------------------------------------------------------------------


def test_log_watcher_dates_llamacpp_marks_from_the_log_and_others_when_read(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    log.write_text("0.00.025.972 I srv    load_model: loading model 'x.gguf'\n"
                   "0.00.577.631 I load_tensors:   CPU_Mapped model buffer size =    92.10 MiB\n")
    w = probe.LogWatcher(str(log), t_start=1000.0)
    m = w.poll()
    assert [x["name"] for x in m] == ["weights_loaded"] and m[0]["t"] == pytest.approx(1000.577631)
    with log.open("a") as f:
        f.write("0.02.112.990 I llama_kv_cache: size =   23.91 MiB (  1024 cells,  30 layers,  2/2 seqs)\n"
                "0.03.946.596 I srv  llama_server: listening on http://127.0.0.1:42043\n0.03.9")  # a torn last line
    m = w.poll()
    assert [x["name"] for x in m] == ["kv_allocated", "ready"]
    assert m[0]["t"] == pytest.approx(1002.11299) and m[1]["t"] == pytest.approx(1003.946596)
    assert w.poll() == []  # each phase once
    vllm = tmp_path / "vllm.log"
    vllm.write_text("(EngineCore_DP0 pid=1) INFO 08-13 11:22:28 [gpu_model_runner.py:1] Model loading took 15.2 GiB and 9.1 s\n"
                    "(EngineCore_DP0 pid=1) INFO 08-13 11:22:40 [kv_cache_utils.py:1] GPU KV cache size: 441,344 tokens\n")
    t = time.time()
    m = probe.LogWatcher(str(vllm), t_start=None).poll()
    assert [x["name"] for x in m] == ["weights_loaded", "kv_allocated"] and all(x["t"] >= t - 1 for x in m)


def test_gauges_from_each_engine() -> None:
    assert probe.gauges_from_metrics('vllm:kv_cache_usage_perc{model_name="m"} 0.25\nvllm:num_requests_running{} 3\n'
                                     'vllm:num_requests_waiting 1\n') == {"kv_cache_usage": 0.25, "running": 3, "waiting": 1}
    assert probe.gauges_from_metrics("llamacpp:kv_cache_usage_ratio 0.5\nllamacpp:requests_processing 2\n"
                                     "llamacpp:requests_deferred 0\n") == {"kv_cache_usage": 0.5, "running": 2, "waiting": 0}


# ---- NVML through the recorded stand-in ----------------------------------------------------------------


def test_nvml_h100_memory_utilisation_power_and_the_servers_own_memory() -> None:
    nv = RecordedNvml.load(NVML / "h100x2.json", root_pid=4242)
    g = probe.NvmlGpus(nv)
    devs = g.open()
    assert [d["name"] for d in devs] == ["NVIDIA H100 80GB HBM3"] * 2
    assert all(d["total_bytes"] == 85520809984 and not d["unified_memory"] for d in devs)
    first, second, third = (g.read({4242}) for _ in range(3))
    assert first[0] == {"index": 0, "used_bytes": 81630838784, "total_bytes": 85520809984, "util_pct": 0.0,
                        "power_w": 118.0, "proc_used_bytes": 81604378624}
    assert second[0]["util_pct"] == 62.0 and second[0]["power_w"] == 402.0
    assert third[0]["proc_used_bytes"] == 81672536064  # another process's memory (pid 999999) is not the server's
    assert "proc_used_bytes" not in third[1] and third[1]["used_bytes"] == 553648128
    g.close()
    assert nv.calls[-1] == "nvmlShutdown"


def test_nvml_unified_memory_device_is_said_so() -> None:
    g = probe.NvmlGpus(RecordedNvml.load(NVML / "gb10.json", root_pid=7))
    (d,) = g.open()
    assert d == {"index": 0, "name": "NVIDIA GB10", "total_bytes": None, "unified_memory": True}
    r = g.read({7})[0]
    assert "used_bytes" not in r and r["util_pct"] == 3.0 and r["proc_used_bytes"] == 72477573120


def test_no_nvml_is_a_note_not_an_error(tmp_path: Path) -> None:
    f = tmp_path / "broken.json"
    f.write_text(json.dumps({"init_error": 12, "devices": []}))  # NVML_ERROR_LIBRARY_NOT_FOUND
    gpus, notes = probe.open_gpus(str(f))
    assert gpus is None and notes and "no NVIDIA device" in notes[0]


def test_probe_process_with_recorded_nvml_gives_a_gpu_view(tmp_path: Path) -> None:
    """The whole path: the probe process samples this test's own tree and replays NVML; the summary picks
    the GPU view and its headroom is the device's total minus its used memory."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        s = ResourceSampler(pid=sleeper.pid, interval_s=0.1, nvml_replay=str(NVML / "h100x2.json")).start()
        s.mark("process_start")
        assert s.wait_first_sample()
        s.mark("ready")
        assert s.wait_sample_after(time.time())
        s.mark("c8")
        time.sleep(0.35)
        s.stop()
        prof = s.profile()
        s.close()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert prof.source == "local" and prof.pid == sleeper.pid and len(prof.gpus) == 2
    assert [p.name for p in prof.phases] == ["process_start", "ready", "c8"]
    f = prof.fits
    assert f is not None and f.memory_view == "gpu" and f.gpu_total_bytes == 2 * 85520809984
    assert f.at_ready is not None and f.at_ready.gpu_used_bytes is not None
    assert f.headroom_at_ready_bytes == 2 * 85520809984 - f.at_ready.gpu_used_bytes
    c8 = prof.phases[-1]
    assert c8.gpu_used_peak == 81698996224 + 553648128 and c8.gpu_power_peak_w == 655.0 + 71.0
    assert c8.rss_peak is not None and 1 * MIB < c8.rss_peak < 100 * MIB  # a sleeping interpreter


# ---- the summary ----------------------------------------------------------------------------------


def _s(t: float, rss: int, avail: int = 20 * 1024 * MIB, cpu_s: float = 0.0, **kw: object) -> ResourceSample:
    return ResourceSample(t=t, host_total_bytes=24 * 1024 * MIB, host_available_bytes=avail, rss_bytes=rss, cpu_s=cpu_s,
                          procs=1, **kw)  # type: ignore[arg-type]


def test_phases_peaks_means_ready_and_peak_under_load() -> None:
    samples = [_s(100.0, 10 * MIB), _s(101.0, 200 * MIB, cpu_s=1.0), _s(102.0, 300 * MIB, cpu_s=2.0),
               _s(103.0, 310 * MIB, avail=19 * 1024 * MIB, cpu_s=2.1), _s(104.0, 400 * MIB, avail=18 * 1024 * MIB, cpu_s=4.1),
               _s(105.0, 380 * MIB, cpu_s=6.1), _s(106.0, 390 * MIB, cpu_s=6.2)]
    marks = [PhaseMark(name="process_start", t=99.9), PhaseMark(name="weights_loaded", t=101.5, source="log"),
             PhaseMark(name="ready", t=102.5), PhaseMark(name="ready", t=102.7, source="log"),
             PhaseMark(name="c1", t=103.5), PhaseMark(name="c8", t=104.5), PhaseMark(name="end", t=105.5)]
    info = {"pid": 5, "host_total_bytes": 24 * 1024 * MIB, "interval_s": 1.0}
    startup = StartupInfo(model_load_gib=0.09, kv_cache_gib=0.0234, kv_cache_tokens=1024)
    prof = summarize(info, parse_probe_lines([])[1] + samples, marks, source="local", startup=startup, end_t=106.5)
    assert [p.name for p in prof.phases] == ["process_start", "weights_loaded", "ready", "c1", "c8"]  # "ready" once
    ps = {p.name: p for p in prof.phases}
    assert ps["process_start"].n == 2 and ps["process_start"].rss_peak == 200 * MIB
    assert ps["c1"].rss_peak == 400 * MIB and ps["c1"].cpu_pct_mean == pytest.approx(200.0)
    assert ps["c8"].rss_peak == 380 * MIB and ps["c8"].n == 1
    f = prof.fits
    assert f is not None and f.at_ready is not None and f.at_ready.rss_bytes == 310 * MIB  # first reading after ready
    assert f.peak_under_load is not None and f.peak_under_load.phase == "c1" and f.peak_under_load.rss_bytes == 400 * MIB
    assert f.headroom_at_ready_bytes == 19 * 1024 * MIB and f.headroom_at_peak_bytes == 18 * 1024 * MIB
    assert f.weights_bytes == int(0.09 * 1024**3) and f.kv_cache_tokens == 1024 and f.memory_view == "host"
    assert len(prof.series) == 7 and prof.series[0][:2] == [0.1, 10 * MIB]


def test_window_keeps_the_launch_and_only_this_runs_phases() -> None:
    samples = [_s(float(t), (t - 99) * MIB) for t in range(100, 112)]
    marks = [PhaseMark(name="process_start", t=99.5), PhaseMark(name="ready", t=101.5), PhaseMark(name="warmup", t=103.0),
             PhaseMark(name="c1", t=104.0), PhaseMark(name="end", t=105.5), PhaseMark(name="warmup", t=107.0),
             PhaseMark(name="c1", t=108.0), PhaseMark(name="end", t=109.5)]
    prof = summarize({"pid": 1}, samples, marks, source="local", window=(106.9, 109.6), end_t=109.6)
    assert [(p.name, p.start_s) for p in prof.phases] == [("process_start", 0.0), ("ready", 2.0), ("warmup", 7.5),
                                                          ("c1", 8.5)]
    ps = {p.name: p for p in prof.phases}
    assert ps["ready"].end_s == 3.5  # the launch's ready phase ends where the first run began
    assert ps["c1"].rss_peak == 10 * MIB and ps["c1"].n == 2


def test_remote_profile_has_no_host_figures() -> None:
    samples = [ResourceSample(t=1.0, kv_cache_usage=0.1, running=1, waiting=0),
               ResourceSample(t=2.0, kv_cache_usage=0.7, running=8, waiting=3)]
    prof = summarize({"pid": None, "host_total_bytes": None}, samples, [PhaseMark(name="idle", t=0.5),
                                                                       PhaseMark(name="c8", t=1.5)], source="remote")
    assert prof.source == "remote" and "host figures unavailable" in prof.notes[0]
    c8 = prof.phases[-1]
    assert (c8.kv_cache_usage_peak, c8.running_peak, c8.waiting_peak, c8.rss_peak) == (0.7, 8, 3, None)


def test_gpu_readings_sum_over_devices() -> None:
    s = ResourceSample(t=1.0, gpus=[GpuReading(index=0, used_bytes=5), GpuReading(index=1, used_bytes=7),
                                    GpuReading(index=2)])
    assert s.gpu_used_bytes == 12


def test_remote_endpoint_gets_its_metrics_gauges_and_no_host_figures() -> None:
    import http.server
    import threading

    text = (b'vllm:kv_cache_usage_perc{model_name="m"} 0.42\nvllm:num_requests_running{model_name="m"} 5\n'
            b'vllm:num_requests_waiting{model_name="m"} 2\n')

    class H(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            self.send_response(200)
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            self.wfile.write(text)

        def log_message(self, *a: object) -> None:
            pass

    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), H)
    th = threading.Thread(target=srv.serve_forever, daemon=True)
    th.start()
    try:
        s = ResourceSampler(metrics_url=f"http://127.0.0.1:{srv.server_address[1]}/metrics", interval_s=0.1, remote=True)
        s.start()
        s.mark("idle")
        assert s.wait_first_sample()
        s.mark("c8")
        assert s.wait_sample_after(time.time())
        s.stop()
        prof = s.profile()
        s.close()
    finally:
        srv.shutdown()
        srv.server_close()
    assert prof.source == "remote" and prof.pid is None and prof.host_total_bytes is None and prof.gpus == []
    assert "host figures unavailable" in prof.notes[0]
    c8 = prof.phases[-1]
    assert (c8.kv_cache_usage_peak, c8.running_peak, c8.waiting_peak) == (0.42, 5, 2)
    assert c8.rss_peak is None and c8.host_used_peak is None


def test_unified_memory_reports_both_views() -> None:
    """GB10 through the probe process: NVML has no memory info, so the host's memory is the GPU's; the profile
    says so and keeps both views: host available/used and the server's own GPU memory from NVML."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        s = ResourceSampler(pid=sleeper.pid, interval_s=0.1, nvml_replay=str(NVML / "gb10.json")).start()
        s.mark("process_start")
        assert s.wait_first_sample()
        s.mark("ready")
        assert s.wait_sample_after(time.time())
        s.mark("c4")
        assert s.wait_sample_after(time.time())
        s.stop()
        prof = s.profile()
        s.close()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert prof.unified_memory and prof.gpus[0].unified_memory and prof.gpus[0].total_bytes is None
    f = prof.fits
    assert f is not None and f.memory_view == "unified" and f.gpu_total_bytes is None
    assert f.at_ready is not None and f.headroom_at_ready_bytes == f.at_ready.host_available_bytes
    assert f.at_ready.gpu_used_bytes is None and f.at_ready.gpu_proc_used_bytes == 72477573120
    assert any("unified memory" in n and "both views" in n for n in f.notes)
    assert prof.phases[-1].gpu_util_mean == 91.0 and prof.phases[-1].gpu_power_peak_w == 38.0
