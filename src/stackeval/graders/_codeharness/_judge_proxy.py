"""The judge's side of the solution host: the request/reply channel, references to the solution's
objects and the verdict on a failure (standard library only; runs inside the sandbox).

Part of the judge (``judge.py``): the tests reach the solution only through the objects here, which send
each call to the host and load its reply as plain data (``_wire``).
"""

import builtins
import os
import select
import sys
import traceback
import types
from pickle import dumps as _pickle_dumps

import _judge_compare  # type: ignore[import-not-found]
import _wire  # type: ignore[import-not-found]
from _judge_compare import _OPS, _shown  # type: ignore[import-not-found]
from _judge_proc import _finish  # type: ignore[import-not-found]

TESTS = "<tests>"


# ------------------------------------------------------------------------------ the host
class _Host:
    pid = 0
    req = reply = -1
    seq = 0
    pending = False  # calls sent without waiting, not yet confirmed
    out = []  # frames not yet written
    checks = {}  # seq -> an assert comparison waiting for the reply to that request
    out_bytes = 0
    reader = None


def _start_host():
    req_r, req_w = os.pipe()
    rep_r, rep_w = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.set_inheritable(req_r, True)
            os.set_inheritable(rep_w, True)
            os.execv(sys.executable, [sys.executable, "-S", "-B", "_host.py", str(req_r), str(rep_w)])
        finally:
            os._exit(127)
    os.close(req_r)
    os.close(rep_w)
    os.set_blocking(req_w, False)  # see _write_out
    _Host.pid, _Host.req, _Host.reply = pid, req_w, rep_r
    _Host.reader = _wire.Reader(rep_r)


def _write_out(data):
    """Write requests; while the request pipe is full, take in replies (the host may be blocked writing
    them), so neither side ever waits on the other."""
    view = memoryview(data)
    while view:
        try:
            n = os.write(_Host.req, view)
            view = view[n:]
            continue
        except BlockingIOError:
            pass
        except BrokenPipeError:
            _host_gone()
        readable, _, _ = select.select([_Host.reply], [_Host.req], [])
        if readable and not _Host.reader.pump():
            _host_gone()


def _host_gone():
    """The host ended (or closed its pipe): record how, as the solution's doing."""
    info = {"ok": False, "phase": "host"}
    try:
        os.kill(_Host.pid, 9)
    except OSError:
        pass
    try:
        _, status, ru = os.wait4(_Host.pid, 0)
        info["cpu_s"] = round(ru.ru_utime + ru.ru_stime, 4)
        if os.WIFSIGNALED(status):
            info["signal"] = os.WTERMSIG(status)
        else:
            info["exit"] = os.waitstatus_to_exitcode(status)
    except (OSError, ChildProcessError):
        pass
    _finish(info)


def _violation(why):
    _finish({"ok": False, "phase": "protocol", "exc": "ProtocolError", "msg": str(why)[:300]})


def _too_large():
    _finish({"ok": False, "phase": "test", "exc": "MemoryError", "msg": "result too large", "origin": "solution"})


def _recv():
    """The host's next message, loaded here: only plain data and references can be in it."""
    try:
        msg = _wire.loads(_Host.reader.recv(), _resolve)
    except EOFError:
        _host_gone()
    except MemoryError:
        _too_large()
    except BaseException as e:
        _violation(e)
    if type(msg) is not list or len(msg) < 2 or type(msg[0]) is not int or type(msg[1]) is not str:
        _violation("unexpected message")
    return msg


_FAST = frozenset({int, str, float, bool, type(None)})


def _send(wait, parts, args=(), kwargs=None):
    """Queue request ``seq``; requests that wait are written out at once with everything queued before."""
    _Host.seq += 1
    msg = [_Host.seq, wait, *parts]
    if kwargs is not None:
        msg += [args, kwargs]
    if kwargs is not None and not kwargs and all(type(a) in _FAST for a in args):
        data = b"P" + _pickle_dumps(msg, 5)  # the common case: scalars only, no references
    else:
        data = b"W" + _wire.dumps(msg, _refer_local)
    out = _Host.out
    out.append(_wire.frame(data))
    _Host.out_bytes += len(data) + 4
    if wait is True or _Host.out_bytes > 1 << 18:
        _Host.out, _Host.out_bytes = [], 0
        _write_out(b"".join(out))
    if not wait:
        _Host.pending = True
    return _Host.seq


def _await(seq):
    """The reply to request ``seq``, after the replies to everything sent before it, in order: a call sent
    without waiting that failed, or a deferred check that does not hold, ends the test there, as it would
    have (they are only made outside any ``try``, see ``_Defer``)."""
    while True:
        msg = _recv()
        if msg[0] == seq:
            _Host.pending = False
            return msg
        if msg[0] > seq:
            _violation("unexpected reply")
        check = _Host.checks.pop(msg[0], None)
        if msg[1] == "err":
            _Host.pending = False
            _fail_deferred(_remote_exception(msg[2] if len(msg) > 2 and type(msg[2]) is dict else {}), check)
        if check is None or msg[1] != "ok" or len(msg) != 4:
            _violation("unexpected reply")
        _verify(check, msg[2])


def _verify(check, value):
    op, right, src, line, msg, test = check
    if _OPS[op](value, right):
        return
    if msg is not None:
        try:
            text = str(msg())
        except BaseException:
            text = src
    else:
        sl, sr = _shown(value, right)
        text = f"{src}: got {sl}, expected {sr}" if op == "==" else f"{src}: {sl} {op} {sr} is false"
    _Host.pending = False
    _finish({"ok": False, "phase": "test", "exc": "AssertionError", "msg": text[:2000], "origin": "tests",
             "test": test, "solution_line": None, "test_line": line})


def _request(*parts):
    msg = _await(_send(True, parts))
    if msg[1] == "err":
        raise _remote_exception(msg[2] if len(msg) > 2 and type(msg[2]) is dict else {})
    return msg


def _flush():
    if _Host.pending:
        _request("ping", 0)


def _result(msg, args=(), kwargs=None):
    if msg[1] != "ok" or len(msg) != 4 or type(msg[3]) not in (list, tuple):
        _violation("unexpected reply")
    for item in msg[3]:  # copy-out: the call changed a mutable argument in place
        if type(item) is not tuple or len(item) != 2:
            _violation("unexpected reply")
        key, new = item
        if type(key) is int and 0 <= key < len(args):
            _assign(args[key], new)
        elif type(key) is str and kwargs is not None and key in kwargs:
            _assign(kwargs[key], new)
    return msg[2]


def _assign(arg, new):
    t = type(arg)
    if t is not type(new):
        return
    if t is list or t is bytearray:
        arg[:] = new
    elif t is dict or t is set:
        arg.clear()
        arg.update(new)


# ------------------------------------------------------------------------------ references
_remotes = {}
_exc_classes = {}
_methods = {}


def _resolve(pid):
    if type(pid) is not tuple or len(pid) < 4 or pid[0] != "R" or type(pid[1]) is not int or type(pid[2]) is not str:
        raise _wire.ProtocolError("malformed reference")
    h, name, kind = pid[1], pid[2][:100], pid[3]
    if kind == "x":
        return _exception_class(h, name, pid[4] if len(pid) > 4 and type(pid[4]) is str else "Exception")
    r = _remotes.get(h)
    if r is None:
        r = _remotes[h] = _Remote(h, name)
    return r


def _builtin_exception(name):
    cls = getattr(builtins, name, None)
    if isinstance(cls, type) and issubclass(cls, BaseException):
        return cls
    return None


def _exception_class(h, name, base):
    if name == base and _builtin_exception(name) is not None:
        return _builtin_exception(name)
    cls = _exc_classes.get(h)
    if cls is None:
        parent = _builtin_exception(base) or Exception
        safe = name if name.isidentifier() else "SolutionError"
        cls = _exc_classes[h] = type(safe, (parent,), {"__module__": "solution"})
    return cls


def _remote_exception(info):
    name = str(info.get("name") or "Exception")[:100]
    base = str(info.get("base") or "Exception")
    ref = info.get("cls")
    try:
        cls = _resolve(ref) if type(ref) is tuple else _exception_class(-1, name, base)
    except _wire.ProtocolError:
        cls = _exception_class(-1, name, base)
    if not (isinstance(cls, type) and issubclass(cls, BaseException)):
        cls = _exception_class(-1, name, base)
    args = info.get("args") if type(info.get("args")) is tuple else ()
    try:
        exc = cls(*args)
    except BaseException:
        exc = (_builtin_exception(base) or Exception)()
    exc._se_remote = True
    exc._se_line = info.get("line") if type(info.get("line")) is int else None
    exc._se_msg = str(info.get("msg") or "")[:2000]
    return exc


def _refer_local(v):
    if type(v) is _Remote:
        return ("R", v._se_h)
    if isinstance(v, type) and issubclass(v, BaseException):
        for h, cls in _exc_classes.items():
            if cls is v:
                return ("R", h)
    raise TypeError(f"the tests passed a {type(v).__name__} to the solution: only plain data and the "
                    "solution's own objects can be passed")


def _call(parts, args, kwargs, wait=True):
    if not wait:
        _send(False, parts, args, kwargs)
        return None
    msg = _await(_send(True, parts, args, kwargs))
    if msg[1] == "err":
        raise _remote_exception(msg[2] if len(msg) > 2 and type(msg[2]) is dict else {})
    return _result(msg, args, kwargs)


class _Method:
    __slots__ = ("_se_h", "_se_name")

    def __init__(self, h, name):
        self._se_h, self._se_name = h, name

    def __call__(self, *args, **kwargs):
        return _call(("callm", self._se_h, self._se_name), args, kwargs)

    def __repr__(self):
        return f"<method {self._se_name} of a solution object>"


class _Remote:
    """An object of the solution that is not plain data; it stays in the host."""

    __slots__ = ("_se_h", "_se_name")

    def __init__(self, h, name):
        object.__setattr__(self, "_se_h", h)
        object.__setattr__(self, "_se_name", name)

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        m = _methods.get((self._se_h, name))
        if m is not None:
            return m
        msg = _request("get", self._se_h, name)
        if msg[1] == "M":
            m = _methods[(self._se_h, name)] = _Method(self._se_h, name)
            return m
        return _result(msg)

    def __setattr__(self, name, value):
        _result(_request("set", self._se_h, name, value))

    def __call__(self, *args, **kwargs):
        return _call(("call", self._se_h), args, kwargs)

    def _op(self, op, *args):
        return _result(_request("op", self._se_h, op, args))

    def __len__(self):
        return self._op("len")

    def __iter__(self):
        return self._op("iter")

    def __next__(self):
        return self._op("next")

    def __bool__(self):
        return self._op("bool")

    def __getitem__(self, key):
        return self._op("getitem", key)

    def __setitem__(self, key, value):
        self._op("setitem", key, value)

    def __delitem__(self, key):
        self._op("delitem", key)

    def __contains__(self, key):
        return self._op("contains", key)

    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __hash__(self):
        return hash(("stackeval-remote", self._se_h))

    def __repr__(self):
        return f"<solution {self._se_name} object>"


class _SolutionModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        return _Remote.__getattr__(_ROOT, name)


_ROOT = _Remote(0, "module")
_judge_compare._Remote = _Remote  # solution objects compare by identity (see _same_deep)


# ------------------------------------------------------------------------------ verdicts
class _Ctx:
    test = None
    tests_src = ""


def _fail_deferred(exc, check=None):
    test = check[5] if check is not None else _Ctx.test
    _fail("test", exc, test=test, tests_src=_Ctx.tests_src, deferred=True)


def _fail(phase, exc, test=None, tests_src="", deferred=False):
    if _Host.pending and not deferred:
        try:
            _flush()  # a call sent earlier without waiting may have failed first: that failure is the verdict
        except BaseException:
            pass
    name = type(exc).__name__
    remote = getattr(exc, "_se_remote", False) is True
    try:
        msg = exc._se_msg if remote else str(exc)
    except BaseException:
        msg = "<unprintable message>"
    frames = traceback.extract_tb(exc.__traceback__) if exc.__traceback__ is not None else []
    exc.__traceback__ = None
    origin, sol_line, test_line = None, None, None
    for fs in frames:
        if fs.filename == TESTS:
            test_line, origin = fs.lineno, "tests"
    if remote:
        origin, sol_line = "solution", exc._se_line
    if name == "AssertionError" and not msg and test_line:
        lines = tests_src.splitlines()
        if 0 < test_line <= len(lines):
            msg = lines[test_line - 1].strip()
    _finish({"ok": False, "phase": phase, "exc": name, "msg": msg[:2000], "origin": origin, "test": test,
             "solution_line": sol_line, "test_line": test_line})

