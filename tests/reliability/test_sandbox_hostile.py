"""Hostile generated code through the code grader and the real sandbox (LocalExecutor).

Every program is what a model might answer to "write f(x) that returns x * 2": it defines ``f`` but
attacks the machine. For each one: the grade is a classified failure (never a pass), it ends within its
limits, the harness (this process) survives and keeps its working dir, nothing outside the work dir
changes (sentinel files, /tmp, the home dir, the repo), no connection reaches a loopback listener this
test owns (or, where the OS gives no network namespace, the result says so and the test records it),
and no process of the run survives it (this process is made a child subreaper for the module, so an
orphan of the run cannot hide from the check)."""

from __future__ import annotations

import hashlib
import os
import shutil
import socket
import textwrap
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

import pytest

from stackeval.graders.base import GradeContext
from stackeval.graders.code import CodeSpec, grade_code
from stackeval.records.answer import Answer
from stackeval.records.execution import ExecResult, Limits
from stackeval.sandbox import LocalExecutor, probe
from tests.reliability.helpers import kill_all, live_descendants, pids_with_marker, set_subreaper, wait_gone

TIMEOUT_S = 1.0  # the spec's timeout; the grader derives the wall and CPU limits from it
MEMORY_MB = 256
TESTS = "from solution import f\nassert f(2) == 4\nassert f(5) == 10\n"
REPO = Path(__file__).resolve().parents[2]
SECRET = f"sk-reliability-canary-{uuid.uuid4().hex}"
SAFE_KILL_ALL = probe().pidns or os.geteuid() == 0  # kill(-1) is only a fair test inside a pid ns / private uid


@dataclass(frozen=True)
class Hostile:
    name: str
    source: str  # formatted with the Ctx fields
    allowed: frozenset[str]  # failure classes that are a correct verdict for it


def H(name: str, source: str, *allowed: str) -> Hostile:
    return Hostile(name, textwrap.dedent(source).strip() + "\n", frozenset(allowed))


BATTERY: list[Hostile] = [
    H("fork_bomb", """
        import os
        def f(x):
            return -1
        while True:
            try:
                os.fork()
            except OSError:
                pass
    """, "timeout", "memory_limit"),
    H("fork_bomb_plain", """
        import os
        def f(x):
            return -1
        while True:
            os.fork()
    """, "runtime_error:BlockingIOError", "timeout", "runtime_error:SystemExit", "sandbox_error"),
    H("memory_hog_4gib", """
        def f(x):
            return -1
        hog = bytearray(4 * 1024 ** 3)
    """, "memory_limit"),
    H("memory_hog_growing", """
        hog = []
        def f(x):
            while True:
                hog.append(b"x" * (64 * 1024 * 1024))
    """, "memory_limit"),
    H("infinite_loop", """
        def f(x):
            while True:
                pass
    """, "timeout"),
    H("sleep_past_deadline", """
        import time
        def f(x):
            time.sleep(3600)
            return x * 2
    """, "timeout"),
    H("ignore_sigterm_and_spin", """
        import signal
        for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(s, signal.SIG_IGN)
        def f(x):
            while True:
                pass
    """, "timeout"),
    H("huge_stdout", """
        import os
        def f(x):
            while True:
                os.write(1, b"x" * 65536)
    """, "output_limit"),
    H("huge_stderr", """
        import os
        def f(x):
            while True:
                os.write(2, b"e" * 65536)
    """, "output_limit"),
    H("huge_print", """
        def f(x):
            while True:
                print("y" * 10000)
    """, "timeout", "output_limit"),
    H("close_stdout_early", """
        import os, sys
        os.close(1)
        os.close(2)
        sys.stdout.close()
        def f(x):
            print("into the void")
            return -1
    """, "assertion_error"),
    H("write_outside_tmp", """
        import os
        for d in ("/tmp", "/var/tmp", "/dev/shm", {base_dir!r}):
            try:
                with open(os.path.join(d, {marker!r} + "-written"), "w") as fh:
                    fh.write("escaped")
            except OSError:
                pass
        def f(x):
            return -1
    """, "assertion_error"),
    H("write_outside_home_and_repo", """
        import os
        for d in ({home!r}, {repo!r}, {cwd!r}, os.path.expanduser("~"), "/", "/etc"):
            try:
                with open(os.path.join(d, {marker!r} + "-written"), "w") as fh:
                    fh.write("escaped")
            except OSError:
                pass
        def f(x):
            return -1
    """, "assertion_error"),
    H("delete_files_it_does_not_own", """
        import os, shutil
        for p in {sentinels!r}:
            for attack in (os.remove, lambda q: open(q, "w").close(), lambda q: os.chmod(q, 0o777),
                           lambda q: os.rename(q, q + ".moved")):
                try:
                    attack(p)
                except OSError:
                    pass
        for d in {sentinel_dirs!r}:
            shutil.rmtree(d, ignore_errors=True)
        def f(x):
            return -1
    """, "assertion_error"),
    H("symlink_the_verdict_onto_a_host_file", """
        import os
        for name in ("_verdict.json.tmp", "_progress.json.tmp"):
            try:
                os.symlink({sentinels!r}[0], name)
            except OSError:
                pass
        def f(x):
            return -1
    """, "assertion_error", "sandbox_error", "runtime_error:SystemExit"),
    H("read_environment_for_api_keys", """
        import glob, os
        found = [repr(dict(os.environ))]
        for p in ["/proc/self/environ", "/proc/1/environ", "/proc/%d/environ" % os.getppid(),
                  "/proc/{harness_pid}/environ", *glob.glob("/proc/[0-9]*/environ")]:
            try:
                with open(p, "rb") as fh:
                    found.append(fh.read().decode("latin-1"))
            except OSError:
                pass
        def f(x):
            raise RuntimeError(" | ".join(found))
    """, "runtime_error:RuntimeError"),
    H("network_to_loopback_listener", """
        import socket
        def f(x):
            for host in ("127.0.0.1", "localhost"):
                s = socket.socket()
                s.settimeout(0.5)
                try:
                    s.connect((host, {port}))
                    s.sendall(b"escaped")
                except OSError:
                    pass
                finally:
                    s.close()
            return -1
    """, "assertion_error"),
    H("daemon_outlives_the_run", """
        import os, subprocess, sys, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                os.execv(sys.executable, [sys.executable, "-S", "-c", "import time; time.sleep(120)", {marker!r}])
            os._exit(0)
        subprocess.Popen([sys.executable, "-S", "-c", "import signal, time; signal.signal(signal.SIGHUP, "
                          "signal.SIG_IGN); time.sleep(120)", {marker!r}], start_new_session=True)
        time.sleep(0.3)
        def f(x):
            return -1
    """, "assertion_error"),
    H("daemon_then_hang", """
        import subprocess, sys, time
        subprocess.Popen([sys.executable, "-S", "-c", "import time; time.sleep(120)", {marker!r}],
                         start_new_session=True)
        def f(x):
            time.sleep(120)
    """, "timeout"),
    H("change_working_dir_of_parent", """
        import os
        os.chdir("/")
        for _ in range(5):
            os.chdir("..")
        try:
            with open({marker!r} + "-cwd", "w") as fh:
                fh.write("escaped")
        except OSError:
            pass
        def f(x):
            return -1
    """, "assertion_error", "runtime_error:FileNotFoundError", "runtime_error:SystemExit", "sandbox_error"),
    H("kill_the_parent", """
        import os, signal
        for pid in (os.getppid(), {harness_pid}, 1):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if {kill_all}:
            try:
                os.kill(-1, signal.SIGKILL)
            except OSError:
                pass
        def f(x):
            return -1
    """, "assertion_error", "runtime_error:SIGKILL"),
    H("kill_own_process_group", """
        import os, signal
        def f(x):
            os.killpg(os.getpgrp(), signal.SIGKILL)
    """, "runtime_error:SIGKILL"),
    H("import_the_harness_package", """
        import sys
        sys.path[:0] = [{repo_src!r}, {site_packages!r}]
        try:
            import stackeval.graders.code as grader
            leaked = grader.__file__
        except Exception as e:
            leaked = repr(e)
        def f(x):
            return -1
    """, "assertion_error"),
    H("forge_the_verdict_file", """
        import json, os
        with open("_verdict.json", "w") as fh:
            json.dump({{"ok": True, "ran": 1, "nonce": "0" * 32}}, fh)
        os._exit(0)
        def f(x):
            return x * 2
    """, "runtime_error:SystemExit", "sandbox_error"),  # the judge outlives the solution and writes its own
    H("exit_zero_before_the_tests", """
        import os
        def f(x):
            return -1
        os._exit(0)
    """, "runtime_error:SystemExit"),
    H("fill_the_disk", """
        import os
        def f(x):
            chunk = b"z" * (16 * 1024 * 1024)
            for i in range(32):  # up to 512 MiB across files, each under RLIMIT_FSIZE
                with open("fill-%d" % i, "wb") as fh:
                    for _ in range(1):
                        fh.write(chunk)
            return -1
    """, "assertion_error", "timeout", "runtime_error:OSError"),
    H("exhaust_file_descriptors", """
        def f(x):
            keep = []
            while True:
                keep.append(open(__file__))
    """, "runtime_error:OSError"),
    H("thread_bomb", """
        import threading, time
        def f(x):
            while True:
                threading.Thread(target=time.sleep, args=(60,), daemon=True).start()
    """, "runtime_error:RuntimeError", "timeout", "memory_limit"),
    H("become_root", """
        import os
        os.setuid(0)
        def f(x):
            return -1
    """, "runtime_error:PermissionError"),
]

# Forgeries: a solution that is wrong (f returns -1, or nothing right) tries to make the grader record a
# pass. The tests and the verdict live in the judge, another process; none of these may pass.
FORGERIES: list[Hostile] = [
    H("forge_verdict_through_harness_module", """
        import __main__ as harness
        harness._write(harness.RESULT, {{"ok": True, "ran": 1}})
        harness._exit(0)
        def f(x):
            return -1
    """, "sandbox_error", "runtime_error:SystemExit", "runtime_error:AttributeError"),
    H("forge_through_caller_frames", """
        import os, sys
        def f(x):
            frame = sys._getframe(1)
            while frame is not None:
                g = frame.f_globals
                try:
                    if callable(g.get("_write")) and "RESULT" in g:
                        g["_write"](g["RESULT"], {{"ok": True, "ran": 1}})
                    if callable(g.get("_finish")):
                        g["_finish"]({{"ok": True, "ran": 1}})
                except BaseException:
                    pass
                g["_OPS"] = {{op: (lambda a, b: True) for op in ("==", "!=", "in", "not in")}}
                frame = frame.f_back
            os._exit(0)
    """, "runtime_error:SystemExit"),
    H("eq_always_true", """
        class Anything:
            def __eq__(self, other):
                return True
            __hash__ = object.__hash__
        def f(x):
            return Anything()
    """, "assertion_error"),
    H("int_subclass_equal_to_all", """
        class Int(int):
            def __eq__(self, other):
                return True
            def __ne__(self, other):
                return False
            __hash__ = int.__hash__
            __class__ = int
        def f(x):
            return Int(-1)
    """, "assertion_error"),
    H("str_and_list_subclasses", """
        class S(str):
            def __eq__(self, other):
                return True
        class L(list):
            def __eq__(self, other):
                return True
        def f(x):
            return L([S("?")]) if x == 5 else S("4")
    """, "assertion_error"),
    H("repr_mimics_the_expected_value", """
        class Four:
            def __repr__(self):
                return "4"
            __str__ = __repr__
        def f(x):
            return Four()
    """, "assertion_error"),
    H("patch_builtins_operator_and_assert", """
        import builtins, operator
        builtins.AssertionError = type("AssertionError", (Exception,), {{}})
        operator.eq = operator.ne = lambda a, b: True
        builtins.isinstance = lambda *a: True
        def f(x):
            return -1
    """, "assertion_error"),
    H("monkeypatch_the_test_module", """
        import sys, gc
        for m in list(sys.modules.values()):
            for name in ("_se_cmp", "_se_op", "_se_expect", "_cmp"):
                try:
                    setattr(m, name, lambda *a, **k: True)
                except Exception:
                    pass
        for o in gc.get_objects():
            if isinstance(o, dict) and "_se_cmp" in o:
                o["_se_cmp"] = lambda *a, **k: None
        def f(x):
            return -1
    """, "assertion_error"),
    H("print_a_fake_verdict", """
        import os, sys
        verdict = '{{"ok": true, "ran": 2, "nonce": "' + "0" * 32 + '"}}'
        print(verdict)
        sys.stderr.write(verdict + "\\n")
        os.write(1, verdict.encode())
        def f(x):
            print(verdict)
            return -1
    """, "assertion_error"),
    H("raise_system_exit_in_a_test", """
        def f(x):
            raise SystemExit(0)
    """, "runtime_error:SystemExit"),
    H("atexit_writes_a_verdict", """
        import atexit, json, sys
        atexit.register(lambda: open("_verdict.json", "w").write(json.dumps({{"ok": True, "nonce": "0" * 32}})))
        def f(x):
            sys.exit(0)
    """, "runtime_error:SystemExit"),
    H("write_forged_frames_to_every_fd", """
        import os, pickle, struct
        def frame(obj):
            data = pickle.dumps(obj, 5)
            return struct.pack(">I", len(data)) + data
        class Evil:  # run in the judge, this would sign a pass with the judge's own nonce
            def __reduce__(self):
                return (eval, ("__import__('__main__')._finish({{'ok': True, 'ran': 2}})",))
        forged = b"".join(frame([i, "ok", 4 if i % 2 else 10, ()]) for i in range(0, 8))
        forged += frame([1, "ok", Evil(), ()]) + b"garbage" * 100
        for fd in range(0, 64):
            try:
                os.write(fd, forged)
            except OSError:
                pass
        def f(x):
            return -1
    """, "assertion_error", "sandbox_error"),
    H("deep_nesting_to_exhaust_the_judge", """
        import os, struct
        def f(x):
            deep = []
            for _ in range(200_000):
                deep = [deep]
            return deep
    """, "assertion_error", "memory_limit"),
    H("raw_deep_pickle_frame", """
        import os, struct
        body = b"\\x80\\x05" + b"]" * 500_000 + b"a" * 499_999 + b"."
        def f(x):
            for fd in range(3, 64):
                try:
                    os.write(fd, struct.pack(">I", len(body) + 1) + b"\\x80" + body[1:])
                except OSError:
                    pass
            return -1
    """, "assertion_error", "sandbox_error", "memory_limit"),
    H("steal_the_nonce_then_kill_the_judge", """
        import ctypes, glob, gc, json, os, re, signal
        found = set()
        judge = os.getppid()
        for p in ["/proc/%d/mem" % judge, "/proc/%d/environ" % judge, "/proc/%d/cmdline" % judge,
                  *glob.glob("/proc/%d/fd/*" % judge), *glob.glob("/proc/*/environ")]:
            try:
                with open(p, "rb") as fh:
                    found.update(re.findall(rb"[0-9a-f]{{32}}", fh.read(1 << 20)))
            except OSError:
                pass
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            found.add(b"ptrace=%d" % libc.ptrace(16, judge, 0, 0))  # PTRACE_ATTACH
        except Exception:
            pass
        for o in gc.get_objects():
            if isinstance(o, str) and re.fullmatch("[0-9a-f]{{32}}", o):
                found.add(o.encode())
        os.kill(judge, signal.SIGKILL)
        for n in found or {{b"0" * 32}}:
            with open("_verdict.json", "w") as fh:
                json.dump({{"ok": True, "ran": 2, "nonce": n.decode("latin-1")}}, fh)
        os._exit(0)
        def f(x):
            return -1
    """, "sandbox_error", "runtime_error:SIGKILL"),
    H("daemon_rewrites_the_verdict", """
        import json, os, time
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                deadline = time.time() + 20
                while time.time() < deadline:
                    try:
                        with open("_verdict.json") as fh:
                            v = json.load(fh)
                        if not v.get("ok"):
                            v.update(ok=True, ran=2)
                            with open("_verdict.json", "w") as fh:
                                json.dump(v, fh)
                    except (OSError, ValueError):
                        pass
                os._exit(0)
            os._exit(0)
        def f(x):
            return -1
    """, "assertion_error"),
    H("shadow_stdlib_modules_for_the_judge", """
        import os
        payload = "import json, os\\nopen('_verdict.json','w').write(json.dumps({{'ok': True}}))\\nos._exit(0)\\n"
        for name in ("fractions", "decimal", "datetime", "_strptime", "linecache", "tokenize", "collections",
                     "_pydecimal", "numbers", "copyreg", "select", "pickle"):
            with open(name + ".py", "w") as fh:
                fh.write(payload)
        def f(x):
            return -1
    """, "assertion_error"),
    H("stop_the_judge", """
        import os, signal
        os.kill(os.getppid(), signal.SIGSTOP)
        def f(x):
            return -1
    """, "timeout"),
]


# ------------------------------------------------------------------------------ fixtures


class Listener:
    """A loopback TCP listener this test owns; counts every connection that arrives."""

    def __init__(self) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.sock.settimeout(0.1)
        self.port = self.sock.getsockname()[1]
        self.accepted = 0
        self._stop = threading.Event()
        self._t = threading.Thread(target=self._loop, daemon=True)
        self._t.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            self.accepted += 1
            conn.close()

    def close(self) -> None:
        self._stop.set()
        self._t.join(2)
        self.sock.close()


class Recording(LocalExecutor):
    """The real executor, remembering the raw ExecResult of each run."""

    last: ExecResult | None = None
    last_limits: Limits | None = None

    def run(self, files, argv, limits, collect=None):  # noqa: ANN001, ANN201
        self.last_limits = limits
        self.last = super().run(files, argv, limits, collect)
        return self.last


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201
    mp = pytest.MonkeyPatch()
    mp.setenv("OPENAI_API_KEY", SECRET)  # the harness's environment holds a key
    base = Path(f"/tmp/stackeval-reliability-{uuid.uuid4().hex[:10]}")
    base.mkdir(mode=0o755)
    os.chmod(base, 0o755)
    # sentinels the program must not touch: root-owned, read-only to others, in places it may reach
    sdir = Path(f"/tmp/stackeval-sentinels-{uuid.uuid4().hex[:10]}")
    sdir.mkdir()
    os.chmod(sdir, 0o1777)  # world-writable + sticky, like /tmp itself
    sentinels = [sdir / "owned-by-root.txt", base.parent / f"stackeval-sentinel-{uuid.uuid4().hex[:10]}.txt"]
    for s in sentinels:
        s.write_text("do not touch\n")
        os.chmod(s, 0o644)
    inner = sdir / "subdir"
    inner.mkdir()
    (inner / "file.txt").write_text("keep\n")
    listener = Listener()
    had_reaper = set_subreaper(True)
    ex = Recording(base_dir=str(base))
    assert ex.base_dir == str(base)
    ctx = dict(base=base, sentinels=sentinels, sentinel_dirs=[sdir, inner], listener=listener, ex=ex)
    yield ctx
    set_subreaper(False) if had_reaper else None
    listener.close()
    shutil.rmtree(sdir, ignore_errors=True)
    for s in sentinels:
        s.unlink(missing_ok=True)
    shutil.rmtree(base, ignore_errors=True)
    mp.undo()


def _fingerprint(paths: list[Path]) -> dict[str, tuple[str, int, int]]:
    out = {}
    for p in paths:
        for q in [p, *(sorted(p.rglob("*")) if p.is_dir() else [])]:
            st = os.lstat(q)
            data = hashlib.sha256(q.read_bytes()).hexdigest() if q.is_file() else "dir"
            out[str(q)] = (data, st.st_mode, st.st_uid)
    return out


def _site_packages() -> str:
    import pydantic

    return str(Path(pydantic.__file__).parent.parent)


def _marker_files(marker: str) -> list[str]:
    roots = ["/tmp", "/var/tmp", "/dev/shm", str(Path.home()), str(REPO), os.getcwd(), "/", "/etc"]
    return [os.path.join(r, n) for r in roots if os.path.isdir(r) for n in os.listdir(r) if marker in n]


def _grade(ex: LocalExecutor, code: str):  # noqa: ANN202
    spec = CodeSpec(tests=TESTS, entry_point="f", timeout_s=TIMEOUT_S, memory_mb=MEMORY_MB)
    answer = Answer(content=f"```python\n{code}```\n")
    return grade_code(spec, answer, GradeContext(executor=ex))


def _attack(env: dict, prog: Hostile, record_property) -> None:  # noqa: ANN001
    ex: Recording = env["ex"]
    marker = f"stackeval-hostile-{uuid.uuid4().hex}"
    code = prog.source.format(
        marker=marker, port=env["listener"].port, base_dir=str(env["base"]), home=str(Path.home()), repo=str(REPO),
        cwd=os.getcwd(), sentinels=[str(s) for s in env["sentinels"]],
        sentinel_dirs=[str(d) for d in env["sentinel_dirs"]], harness_pid=os.getpid(), kill_all=SAFE_KILL_ALL,
        repo_src=str(REPO / "src"), site_packages=_site_packages(),
    )
    watched = [*env["sentinels"], *env["sentinel_dirs"][:1]]
    before = _fingerprint(watched)
    cwd, accepted = os.getcwd(), env["listener"].accepted
    kids_before = set(live_descendants())
    t0 = time.monotonic()
    g = _grade(ex, code)
    wall = time.monotonic() - t0
    raw, limits = ex.last, ex.last_limits
    assert raw is not None and limits is not None
    iso = set(g.data.get("isolation", []))
    # survivors and leftovers are checked (and cleaned) before the verdict, so one failure cannot leak
    survivors = wait_gone(lambda: sorted(set(live_descendants()) - kids_before), 3.0)
    marked = wait_gone(lambda: pids_with_marker(marker), 3.0)
    kill_all(survivors + marked)
    leftovers = _marker_files(marker)
    for p in leftovers:
        Path(p).unlink(missing_ok=True)

    # a classified failure, never a pass
    assert not g.passed, (prog.name, g)
    assert g.failure_class in prog.allowed, (prog.name, g.failure_class, g.detail[:300])
    # within its limits (the ones the grader asked the executor for), with room for a loaded machine
    assert raw.wall_s <= limits.wall_s + 3.0, (prog.name, raw.wall_s, limits)
    assert wall < limits.wall_s + 10.0, (prog.name, wall, limits)
    assert len(raw.stdout) + len(raw.stderr) <= limits.output_bytes
    assert not limits.network
    # the harness survives and keeps its state
    assert os.getcwd() == cwd
    # nothing outside the work dir changed; the work dir itself is gone
    assert _fingerprint(watched) == before, prog.name
    assert leftovers == [], (prog.name, leftovers)
    assert os.listdir(env["base"]) == [], (prog.name, os.listdir(env["base"]))
    # no process of the run survives it
    assert survivors == [] and marked == [], (prog.name, survivors, marked)
    # no connection reaches the listener, unless the OS gives no network namespace (and the result says so)
    arrived = env["listener"].accepted - accepted
    record_property("network_isolated", "netns" in iso)
    if arrived:
        assert "netns" not in iso, f"{prog.name}: a connection arrived although the result claims netns"
        record_property("network_connections", arrived)
    # the key in the harness's environment is never seen by the program
    for text in (raw.stdout, raw.stderr, g.detail, g.model_dump_json(), *raw.files.values()):
        assert SECRET not in text, prog.name


@pytest.mark.parametrize("prog", BATTERY, ids=[p.name for p in BATTERY])
def test_hostile_program(env: dict, prog: Hostile, record_property) -> None:  # noqa: ANN001
    _attack(env, prog, record_property)


@pytest.mark.parametrize("prog", FORGERIES, ids=[p.name for p in FORGERIES])
def test_forgery_never_passes(env: dict, prog: Hostile, record_property) -> None:  # noqa: ANN001
    _attack(env, prog, record_property)


def test_battery_size() -> None:
    names = [p.name for p in BATTERY + FORGERIES]
    assert len(BATTERY) >= 15 and len(FORGERIES) >= 15 and len(set(names)) == len(names)


def test_harness_still_grades_after_the_battery(env: dict) -> None:
    g = _grade(env["ex"], "def f(x):\n    return x * 2\n")
    assert g.passed, g
    assert {"tmpdir", "env", "rlimits"} <= set(g.data["isolation"])
