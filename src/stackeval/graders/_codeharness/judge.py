"""The judge: runs the hidden tests and writes the verdict (standard library only; runs inside the sandbox).

Started as ``python -S -B _run_tests.py``. The solution never runs in this process: the judge starts
the solution host (``_host.py``) in a fresh interpreter after it has read and deleted the tests and its
own files, and the tests reach the solution through ``sys.modules["solution"]``, a proxy that sends each
call to the host and receives the result as plain data of exact builtin types (``_wire``). So no code of
the solution ever runs here: it cannot patch the tests, the builtins or this module, reach the verdict
through frames, or answer a comparison with an ``__eq__`` of its own. Comparisons inside ``assert``
statements are by exact type and value (``1``, ``1.0`` and ``True`` differ). Objects the solution
returns that are not plain data stay in the host; the tests get references whose attribute, call,
item, length, iteration and truth operations are forwarded.

This process is made non-dumpable (the host, same uid, cannot read its memory, environment or file
descriptors through /proc or ptrace) and a child subreaper; before any verdict is written the host and
everything it started are killed. The verdict carries a random nonce only this process knows.
"""

import ast
import builtins
import json
import operator
import os
import select
import sys
import traceback
import types
from marshal import dumps as _marshal_dumps
from pickle import dumps as _pickle_dumps

import _wire  # type: ignore[import-not-found]

if sys.path and os.path.realpath(sys.path[0] or ".") == os.path.realpath(os.getcwd()):
    del sys.path[0]  # nothing the solution writes into the work dir is ever imported here

_open, _replace, _unlink, _exit = builtins.open, os.replace, os.unlink, os._exit
_Function = types.FunctionType
RESULT, PROGRESS = "_verdict.json", "_progress.json"
SOLUTION = os.path.abspath("solution.py")
TESTS = "<tests>"
NONCE = ""
ENTRY = ""
_AST_OPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
            ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}
_MISSING = object()


# ------------------------------------------------------------------------------ process hygiene
def _harden():
    """Non-dumpable (no ptrace, no /proc/<pid>/mem|environ|fd for the same uid) and a subreaper."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE
        libc.prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
    except BaseException:
        pass


def _descendants():
    out, stack = [], [os.getpid()]
    while stack:
        p = stack.pop()
        try:
            tids = os.listdir(f"/proc/{p}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with _open(f"/proc/{p}/task/{tid}/children") as f:
                    kids = [int(x) for x in f.read().split()]
            except (OSError, ValueError):
                continue
            out.extend(kids)
            stack.extend(kids)
    return out


def _kill_everything_else():
    """Kill the host and all it started (they are all below us: we are their subreaper), reap them."""
    for _ in range(2000):
        kids = _descendants()
        for p in kids:
            try:
                os.kill(p, 9)
            except OSError:
                pass
        try:
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        except ChildProcessError:
            if not kids:
                return
        if not kids and not _descendants():
            return


def _write(path, obj):
    tmp = path + ".tmp"
    try:
        _unlink(tmp)
    except OSError:
        pass
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(json.dumps(obj))
    _replace(tmp, path)


def _progress(stage):
    try:
        _write(PROGRESS, {"stage": stage})  # no nonce: the host can read this file
    except BaseException:
        pass


def _finish(verdict):
    """The only way out: nothing of the solution is alive when the verdict is written."""
    try:
        _kill_everything_else()
        verdict["nonce"] = NONCE
        _write(RESULT, verdict)
    finally:
        _exit(0)


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


_MUTABLE = (list, dict, set, bytearray)


def _call(parts, args, kwargs, wait=True):
    if not wait:
        _send(False, parts, args, kwargs)
        return None
    msg = _await(_send(True, parts, args, kwargs))
    if msg[1] == "err":
        raise _remote_exception(msg[2] if len(msg) > 2 and type(msg[2]) is dict else {})
    return _result(msg, args, kwargs)


class _Pending:
    __slots__ = ("seq",)

    def __init__(self, seq):
        self.seq = seq


def _start(fn, /, *args, **kwargs):
    """The left side of a deferred assert: a call into the solution is sent, its reply checked later."""
    t = type(fn)
    if (t is _Method or t is _Remote) and not any(type(a) in _MUTABLE for a in args) and not (
            kwargs and any(type(a) in _MUTABLE for a in kwargs.values())):
        parts = ("callm", fn._se_h, fn._se_name) if t is _Method else ("call", fn._se_h)
        return _Pending(_send(2, parts, args, kwargs))
    if fn is len and len(args) == 1 and not kwargs and type(args[0]) is _Remote:
        return _Pending(_send(2, ("op", args[0]._se_h, "len", ())))
    return fn(*args, **kwargs)


def _expect(left, op, right, src, line, msg):
    if type(left) is not _Pending:
        if msg is None:
            _cmp(left, op, right, src)
        elif not _OPS[op](left, right):
            raise AssertionError(msg())
        return
    if msg is not None:  # taken now, while the names in it still hold what they hold at this assert
        try:
            value = msg()
            msg = lambda: value  # noqa: E731
        except BaseException:
            msg = None
    _Host.checks[left.seq] = (op, right, src, line, msg, _Ctx.test)
    _Host.pending = True
    if len(_Host.checks) >= 4096:
        _flush()


def _defer(fn, /, *args, **kwargs):
    """A call statement whose value is dropped: a call into the solution is sent without waiting for it
    (the host runs requests in order; a failure is reported at the next request). Calls that pass a
    mutable argument wait, so that changes made to it come back."""
    t = type(fn)
    if (t is _Method or t is _Remote) and not any(type(a) in _MUTABLE for a in args) and not (
            kwargs and any(type(a) in _MUTABLE for a in kwargs.values())):
        parts = ("callm", fn._se_h, fn._se_name) if t is _Method else ("call", fn._se_h)
        return _call(parts, args, kwargs, wait=False)
    return fn(*args, **kwargs)


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


# ------------------------------------------------------------------------------ comparisons
def _key(v):
    """A hashable form of ``v`` that tells types apart (for set members and dict keys)."""
    t = type(v)
    if t is tuple or t is frozenset:
        return (t, t(_key(x) for x in v))
    return (t, v)


def _same(a, b):
    """Equal by exact type and value, all the way down."""
    t = type(a)
    if t is not type(b):
        return False
    if t is list or t is tuple or t is dict:
        try:  # C speed for large equal values: marshal writes each element's exact type
            if _marshal_dumps(a) == _marshal_dumps(b):
                return True
        except (ValueError, RecursionError):
            pass
        return _same_deep(a, b)
    return _same_deep(a, b)


def _same_deep(a, b):
    t = type(a)
    if t is not type(b):
        return False
    if t is list or t is tuple:
        return len(a) == len(b) and all(_same_deep(x, y) for x, y in zip(a, b, strict=True))
    if t is dict:
        if len(a) != len(b):
            return False
        keys = {_key(k): k for k in b}
        for k, v in a.items():
            kb = keys.get(_key(k), _MISSING)
            if kb is _MISSING or not _same_deep(v, b[kb]):
                return False
        return True
    if t is set or t is frozenset:
        return len(a) == len(b) and {_key(x) for x in a} == {_key(x) for x in b}
    if t is _Remote:
        return a is b
    return bool(a == b)


def _contains(item, box):
    t = type(box)
    if t in (list, tuple, set, frozenset, dict):
        return any(_same_deep(item, x) for x in box)
    return item in box


_OPS = {"==": _same, "!=": lambda a, b: not _same(a, b), "<": operator.lt, "<=": operator.le, ">": operator.gt,
        ">=": operator.ge, "is": operator.is_, "is not": operator.is_not,
        "in": _contains, "not in": lambda a, b: not _contains(a, b)}


def _short(obj, n=300):
    try:
        r = repr(obj)
    except BaseException:
        r = f"<unprintable {type(obj).__name__}>"
    return r if len(r) <= n else r[: n - 3] + "..."


def _shown(a, b):
    sa, sb = _short(a), _short(b)
    if sa == sb:  # e.g. a solution object whose repr mimics the expected value
        sa, sb = f"{sa} ({type(a).__name__})", f"{sb} ({type(b).__name__})"
    return sa, sb


def _cmp(left, op, right, src):
    if not _OPS[op](left, right):
        sl, sr = _shown(left, right)
        if op == "==":
            raise AssertionError(f"{src}: got {sl}, expected {sr}")
        raise AssertionError(f"{src}: {sl} {op} {sr} is false")


def _op(left, op, right):
    return _OPS[op](left, right)


class _Strict(ast.NodeTransformer):
    """Single comparisons inside an assert -> ``_se_op(a, "==", b)`` (exact type and value)."""

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) == 1 and type(node.ops[0]) in _AST_OPS:
            call = ast.Call(func=ast.Name("_se_op", ast.Load()),
                            args=[node.left, ast.Constant(_AST_OPS[type(node.ops[0])]), node.comparators[0]],
                            keywords=[])
            return ast.copy_location(call, node)
        return node


class _Defer(ast.NodeTransformer):
    """``f(x)`` as a statement -> ``_se_defer(f, x)``, at the top level and directly in ``test_*`` functions,
    outside any ``try`` or ``with`` (where a failure could be caught, so it must surface in place)."""

    def visit_Module(self, node):
        node.body = [self._stmt(s) for s in node.body]
        return node

    @staticmethod
    def _name(node):
        return node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else ""

    def _expect(self, s, left, op, right, src, msg):
        """``assert f(x) == y`` -> ``_se_expect(_se_start(f, x), "==", y, src, line, msg)``."""
        c = left
        start = ast.Call(func=ast.Name("_se_start", ast.Load()), args=[c.func, *c.args], keywords=c.keywords)
        msg_fn = ast.Lambda(args=ast.arguments(posonlyargs=[], args=[], kwonlyargs=[], kw_defaults=[], defaults=[]),
                            body=msg) if msg is not None else ast.Constant(None)
        call = ast.Call(func=ast.Name("_se_expect", ast.Load()),
                        args=[start, op, right, src, ast.Constant(s.lineno), msg_fn], keywords=[])
        return ast.copy_location(ast.Expr(call), s)

    def _stmt(self, s):
        if isinstance(s, ast.Expr) and self._name(s.value) == "_se_cmp":
            left, op, right, src = s.value.args
            if isinstance(left, ast.Call) and not self._name(left).startswith("_se_"):
                return self._expect(s, left, op, right, src, None)
            return s
        if isinstance(s, ast.Assert) and self._name(s.test) == "_se_op" and s.msg is not None:
            left, op, right = s.test.args
            if isinstance(left, ast.Call) and not self._name(left).startswith("_se_"):
                return self._expect(s, left, op, right, ast.Constant("assert"), s.msg)
            return s
        if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call) and not self._name(s.value).startswith("_se_"):
            c = s.value
            call = ast.Call(func=ast.Name("_se_defer", ast.Load()), args=[c.func, *c.args], keywords=c.keywords)
            return ast.copy_location(ast.Expr(ast.copy_location(call, c)), s)
        if isinstance(s, ast.FunctionDef) and s.name.startswith("test_"):
            s.body = [self._stmt(x) for x in s.body]
        elif isinstance(s, ast.For | ast.While | ast.If):
            s.body = [self._stmt(x) for x in s.body]
            s.orelse = [self._stmt(x) for x in s.orelse]
        return s


class _Rewrite(ast.NodeTransformer):
    """``assert a == b`` -> ``_se_cmp(a, "==", b, "<source>")`` so a failure shows both values; any other
    assert keeps its form with its comparisons made strict."""

    def __init__(self, source):
        self.source = source

    def visit_Assert(self, node):
        t = node.test
        if node.msg is None and isinstance(t, ast.Compare) and len(t.ops) == 1 and type(t.ops[0]) in _AST_OPS:
            src = (ast.get_source_segment(self.source, t) or "assert").replace("\n", " ")
            src = src if len(src) <= 160 else src[:157] + "..."
            left, right = _Strict().visit(t.left), _Strict().visit(t.comparators[0])
            call = ast.Call(func=ast.Name("_se_cmp", ast.Load()),
                            args=[left, ast.Constant(_AST_OPS[type(t.ops[0])]), right, ast.Constant(src)],
                            keywords=[])
            return ast.copy_location(ast.Expr(call), node)
        node.test = _Strict().visit(node.test)
        return node


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


def main():
    global NONCE, ENTRY
    _harden()
    with _open("_config.json", encoding="utf-8") as f:
        cfg = json.load(f)
    NONCE, ENTRY = cfg["nonce"], cfg["entry"]
    with _open("_tests.py", encoding="utf-8") as f:
        tests_src = f.read()
    with _open("solution.py", encoding="utf-8") as f:
        sol_src = f.read()
    for p in ("_config.json", "_tests.py", "_run_tests.py"):  # the host gets to see neither tests nor nonce
        try:
            _unlink(p)
        except OSError:
            pass
    _progress("start")
    try:
        tree = _Defer().visit(_Rewrite(tests_src).visit(ast.parse(tests_src)))
        tree = ast.fix_missing_locations(tree)
        test_code = compile(tree, TESTS, "exec")
    except BaseException as e:
        _finish({"ok": False, "phase": "harness", "exc": type(e).__name__, "msg": f"tests: {e}"})
    try:
        compile(sol_src, SOLUTION, "exec")
    except (SyntaxError, ValueError) as e:
        if isinstance(e, SyntaxError):
            e._se_remote, e._se_line, e._se_msg = True, e.lineno, str(e)
        _fail("syntax", e)
    del sol_src
    _progress("import")
    _start_host()
    ready = _recv()
    if ready[0] != 0:
        _violation("unexpected greeting")
    if ready[1] == "import_error":
        _fail("import", _remote_exception(ready[2] if len(ready) > 2 and type(ready[2]) is dict else {}),
              tests_src=tests_src)
    if ready[1] != "ready":
        _violation("unexpected greeting")
    try:
        _request("get", 0, ENTRY)
    except AttributeError:
        _finish({"ok": False, "phase": "entry", "exc": "", "msg": f"solution defines no {ENTRY!r}"})
    except BaseException as e:
        _fail("import", e, tests_src=tests_src)
    mod = _SolutionModule("solution")
    mod.__file__ = SOLUTION
    sys.modules["solution"] = mod
    ns = {"__name__": "_tests", "_se_cmp": _cmp, "_se_op": _op, "_se_defer": _defer, "_se_start": _start,
          "_se_expect": _expect}
    _progress("tests (top level)")
    _Ctx.test, _Ctx.tests_src = "<top level>", tests_src
    try:
        exec(test_code, ns)
    except BaseException as e:
        _fail("test", e, test="<top level>", tests_src=tests_src)
    _flush()
    ran = 1
    for name, fn in list(ns.items()):
        if name.startswith("test_") and type(fn) is _Function:
            _progress(name)
            _Ctx.test = name
            try:
                fn()
            except BaseException as e:
                _fail("test", e, test=name, tests_src=tests_src)
            _flush()
            ran += 1
    _finish({"ok": True, "ran": ran})


if __name__ == "__main__":
    try:
        main()
    except BaseException as e:
        try:
            _finish({"ok": False, "phase": "harness", "exc": type(e).__name__, "msg": str(e)[:2000]})
        finally:
            _exit(3)
