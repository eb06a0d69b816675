"""LocalExecutor: limits, cleanup, isolation. Every test runs real (short) processes."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import tempfile
import textwrap
import time
import uuid

import pytest

from stackeval.records.execution import Limits
from stackeval.sandbox import LocalExecutor, _procs, probe

EX = LocalExecutor()
FAST = Limits(wall_s=5, cpu_s=5, memory_mb=256, output_bytes=100_000)


def run_py(src: str, limits: Limits = FAST, collect: list[str] | None = None, ex: LocalExecutor = EX):
    return ex.run({"main.py": textwrap.dedent(src)}, ["python", "-S", "main.py"], limits, collect)


def _procs_with_marker(marker: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/cmdline", "rb") as f:
                if marker.encode() in f.read():
                    found.append(int(name))
        except OSError:
            pass
    return found


def test_exit_code_stdout_stderr_and_collect() -> None:
    r = run_py("""
        import sys
        print("hello")
        print("oops", file=sys.stderr)
        open("out.txt", "w").write("result")
        sys.exit(3)
    """, collect=["out.txt", "absent.txt"])
    assert (r.ended_by, r.exit_code) == ("exit", 3)
    assert r.stdout == "hello\n" and r.stderr == "oops\n"
    assert r.files == {"out.txt": "result"}
    assert {"tmpdir", "env", "rlimits"} <= set(r.isolation)


def test_isolation_reported_matches_probe() -> None:
    caps = probe()
    r = run_py("pass")
    assert ("netns" in r.isolation) == caps.netns
    assert ("pidns" in r.isolation) == caps.pidns
    if caps.root and caps.pidns:
        assert {"uid", "nproc", "mountns"} <= set(r.isolation)


def test_wall_clock_timeout() -> None:
    r = run_py("while True: pass", Limits(wall_s=0.5, cpu_s=10))
    assert r.ended_by == "timeout" and r.exit_code is None
    assert 0.4 < r.wall_s < 2.5


def test_sleeping_program_times_out_too() -> None:
    r = run_py("import time; time.sleep(30)", Limits(wall_s=0.4))
    assert r.ended_by == "timeout"


def test_cpu_limit_is_a_timeout() -> None:
    r = run_py("while True: pass", Limits(wall_s=30, cpu_s=1))
    assert r.ended_by == "timeout"
    assert r.exit_code == -signal.SIGXCPU  # the CPU rlimit ended it, not our wall clock


def test_stale_work_dirs_of_killed_runs_are_swept() -> None:
    import pathlib
    import shutil
    import tempfile

    tmp_path = pathlib.Path(tempfile.mkdtemp(prefix="stackeval-sweeptest-", dir="/tmp"))
    os.chmod(tmp_path, 0o755)
    try:
        _check_sweep(tmp_path)
    finally:
        shutil.rmtree(tmp_path)


def _check_sweep(tmp_path) -> None:
    stale = tmp_path / "stackeval-run-stale"
    fresh = tmp_path / "stackeval-run-fresh"
    other = tmp_path / "unrelated"
    for d in (stale, fresh, other):
        d.mkdir()
        (d / "f").write_text("x")
    if os.geteuid() == 0:
        os.chown(stale, 1_950_000_000, 1_950_000_000)
        os.chown(fresh, 1_950_000_001, 1_950_000_001)
        old = time.time() - 3600
        os.utime(stale, (old, old))
    else:
        old = time.time() - 7 * 3600
        os.utime(stale, (old, old))
    LocalExecutor(base_dir=str(tmp_path))
    assert not stale.exists() and fresh.exists() and other.exists()


def test_memory_limit() -> None:
    r = run_py("x = bytearray(2 * 1024**3)", Limits(wall_s=5, memory_mb=200))
    assert r.ended_by == "memory_limit"
    assert "MemoryError" in r.stderr


def test_output_limit_stops_and_kills() -> None:
    r = run_py("""
        import sys
        while True:
            sys.stdout.write("x" * 10000)
    """, Limits(wall_s=5, output_bytes=50_000))
    assert r.ended_by == "output_limit"
    assert len(r.stdout) + len(r.stderr) <= 50_000
    assert r.wall_s < 3


def test_killed_by_signal() -> None:
    r = run_py("import os, signal; os.kill(os.getpid(), signal.SIGSEGV)")
    assert (r.ended_by, r.exit_code) == ("signal", -11)


def test_missing_program_is_start_failed() -> None:
    r = EX.run({}, ["no-such-program-here"], FAST)
    assert r.ended_by == "start_failed"


def test_unsafe_file_names_are_refused() -> None:
    r = EX.run({"../escape.py": "x"}, ["python", "-c", "pass"], FAST)
    assert r.ended_by == "start_failed"
    assert not os.path.exists(os.path.join(os.path.dirname(EX.base_dir), "escape.py"))


def test_env_is_scrubbed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-should-never-leak")
    monkeypatch.setenv("STACKEVAL_SECRET", "nope")
    r = run_py("import os, json; print(json.dumps(dict(os.environ)))")
    env = json.loads(r.stdout)
    assert set(env) == {"PATH", "LANG", "HOME", "TMPDIR", "PYTHONDONTWRITEBYTECODE", "PYTHONHASHSEED"}
    assert env["PYTHONHASHSEED"] == "0" and env["LANG"] == "C.UTF-8"
    assert "sk-should-never-leak" not in r.stdout


def test_work_dir_is_cwd_home_and_removed() -> None:
    r = run_py("""
        import os, json
        open(os.path.join(os.environ["TMPDIR"], "scratch"), "w").write("x")
        print(json.dumps([os.getcwd(), os.environ["HOME"], os.environ["TMPDIR"]]))
    """)
    cwd, home, tmp = json.loads(r.stdout)
    assert cwd == home and tmp == os.path.join(cwd, "tmp")
    assert not os.path.exists(cwd)


def test_private_tmp_leaves_nothing_behind() -> None:
    if "mountns" not in run_py("pass").isolation:
        pytest.skip("no private mount namespace here")
    name = f"/tmp/stackeval-leak-{uuid.uuid4().hex}"
    r = run_py(f"open({name!r}, 'w').write('x'); print('wrote')")
    assert r.stdout == "wrote\n"
    assert not os.path.exists(name)


def test_double_forked_daemon_does_not_survive() -> None:
    marker = f"stackeval-daemon-{uuid.uuid4().hex}"
    r = run_py(f"""
        import os, sys, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv(sys.executable, [sys.executable, "-S", "-c", "import time; time.sleep(60)", {marker!r}])
            os._exit(0)
        time.sleep(0.3)  # let the daemon exec
        print("parent done")
    """)
    assert r.stdout == "parent done\n"
    assert _procs_with_marker(marker) == []


def test_daemon_is_killed_on_timeout_too() -> None:
    marker = f"stackeval-daemon-{uuid.uuid4().hex}"
    r = run_py(f"""
        import os, sys, time, subprocess
        subprocess.Popen([sys.executable, "-S", "-c", "import time; time.sleep(60)", {marker!r}],
                         start_new_session=True)
        time.sleep(60)
    """, Limits(wall_s=0.8))
    assert r.ended_by == "timeout"
    assert _procs_with_marker(marker) == []


def test_fallback_without_namespaces_still_kills_daemons() -> None:
    weak = LocalExecutor(namespaces=False)
    marker = f"stackeval-daemon-{uuid.uuid4().hex}"
    r = run_py(f"""
        import os, sys, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv(sys.executable, [sys.executable, "-S", "-c", "import time; time.sleep(60)", {marker!r}])
            os._exit(0)
        time.sleep(0.3)
    """, ex=weak)
    assert "netns" not in r.isolation and "pidns" not in r.isolation
    assert r.ended_by == "exit"
    assert _procs_with_marker(marker) == []


def test_process_count_is_bounded() -> None:
    if "nproc" not in run_py("pass").isolation:
        pytest.skip("RLIMIT_NPROC cannot bite here (no private uid)")
    r = run_py("""
        import os, time
        n = 0
        try:
            for _ in range(200):
                if os.fork() == 0:
                    time.sleep(30)
                    os._exit(0)
                n += 1
        except OSError as e:
            print(n, type(e).__name__)
    """, Limits(wall_s=5, processes=10))
    n, err = r.stdout.split()
    assert int(n) <= 10 and err == "BlockingIOError"


def test_runs_as_unprivileged_uid() -> None:
    r = run_py("import os; print(os.getuid(), os.getgid(), os.getgroups())")
    if "uid" not in r.isolation:
        pytest.skip("not root: no uid switch")
    uid, gid, groups = r.stdout.split(maxsplit=2)
    assert int(uid) != 0 and int(gid) != 0 and groups.strip() == "[]"
    assert _procs.pids_of_uid(int(uid)) == []


def test_collect_does_not_follow_symlinks() -> None:
    r = run_py("""
        import os
        os.symlink("/etc/passwd", "link.txt")
        os.mkdir("d")
        os.symlink("/etc", "dlink")
        open("big.txt", "w").write("y" * 5000)
    """, Limits(wall_s=5, output_bytes=1000), collect=["link.txt", "dlink/passwd", "big.txt", "../x", "/etc/passwd"])
    assert set(r.files) == {"big.txt"}
    assert len(r.files["big.txt"]) == 1000


def _listener() -> socket.socket:
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("127.0.0.1", 0))
    srv.listen(5)
    srv.settimeout(0.3)
    return srv


CONNECT = """
    import socket
    s = socket.socket()
    s.settimeout(1)
    try:
        s.connect(("127.0.0.1", {port}))
        s.sendall(b"hi")
        print("connected")
    except OSError as e:
        print("blocked", type(e).__name__)
"""


def test_network_is_blocked_in_netns() -> None:
    if not probe().netns:
        pytest.skip("no network namespace available")
    with _listener() as srv:
        r = run_py(CONNECT.format(port=srv.getsockname()[1]))
        assert "netns" in r.isolation
        assert r.stdout.startswith("blocked")
        with pytest.raises(TimeoutError):
            srv.accept()


def test_network_allowed_when_asked() -> None:
    with _listener() as srv:
        srv.settimeout(3)
        r = run_py(CONNECT.format(port=srv.getsockname()[1]), Limits(wall_s=5, network=True))
        assert "netns" not in r.isolation
        assert r.stdout == "connected\n"
        conn, _ = srv.accept()
        conn.close()


def test_concurrent_runs_are_independent() -> None:
    from concurrent.futures import ThreadPoolExecutor

    def one(i: int):
        return EX.run({"main.py": f"import os; print({i}, os.getcwd())"}, ["python", "-S", "main.py"], FAST)

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(one, range(8)))
    assert [r.stdout.split()[0] for r in results] == [str(i) for i in range(8)]
    assert len({r.stdout.split()[1] for r in results}) == 8


def test_rmtree_never_touches_the_parent_dir(tmp_path) -> None:  # noqa: ANN001
    """Regression: removing a work dir whose removal failed once used to chmod its parent (/tmp) to 0700."""
    from stackeval.sandbox.local import _rmtree

    parent = tmp_path / "base"
    parent.mkdir()
    os.chmod(parent, 0o1777)
    work = parent / "stackeval-run-x"
    (work / "locked").mkdir(parents=True)
    (work / "locked" / "f").write_text("x")
    os.chmod(work / "locked", 0o500)  # not writable: rmtree must loosen it to remove f
    _rmtree(str(work))
    _rmtree(str(parent / "missing"))  # a failure on the top dir itself
    assert not work.exists()
    assert stat.S_IMODE(os.stat(parent).st_mode) == 0o1777


def test_stackeval_sources_and_suites_are_hidden() -> None:
    from stackeval.sandbox.local import PACKAGE_DIR

    suite = os.path.join(PACKAGE_DIR, "suites", "builtin")
    assert os.path.isdir(suite)
    src = f"""
        import os
        for d in ({suite!r}, {PACKAGE_DIR!r}):
            try:
                print(len(os.listdir(d)))
            except OSError as e:
                print("hidden", type(e).__name__)
    """
    r = run_py(src)
    if "mountns" not in r.isolation:
        pytest.skip("no mount namespace here")
    out = r.stdout.split()
    assert out[:2] == ["hidden", "FileNotFoundError"], r.stdout
    # the package dir itself is emptied, or gone with its parent (a checkout under the sandbox's private /tmp)
    assert out[2:] in (["0"], ["hidden", "FileNotFoundError"]), r.stdout
    if os.path.realpath(PACKAGE_DIR).startswith(os.path.realpath(tempfile.gettempdir()) + os.sep):
        return  # under /tmp the sandbox never sees the checkout: nothing to compare against
    r = run_py(src, ex=LocalExecutor(hide_sources=False))
    assert r.stdout.split()[0] != "hidden"
