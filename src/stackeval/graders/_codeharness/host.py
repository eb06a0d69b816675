"""The solution host: imports ``solution.py`` and answers the judge's calls (runs inside the sandbox).

Started by the judge as ``python -S -B _host.py <request fd> <reply fd>``. It knows nothing of the tests
or the verdict: it receives the arguments of each call, runs the solution, and sends back the result as
plain data (``_wire``). Everything in this process is the solution's to change; nothing it does here
can reach the judge except through the reply pipe, whose messages the judge decodes itself.
"""

import builtins
import io
import marshal
import os
import pickle
import sys
import traceback
import types

import _wire  # type: ignore[import-not-found]

REQ = REPLY = -1
SOLUTION = os.path.abspath("solution.py")
_MUTABLE = (list, dict, set, bytearray)
# restored after the import and after a call that failed, so the host keeps working when the solution
# patches the builtins (the host is the solution's own process: this is for clearer failures, not safety)
_BUILTINS = dict(builtins.__dict__)


class _Sink(io.TextIOBase):
    """The solution's prints: forwarded up to a budget, then dropped (tests never read them)."""

    def __init__(self, real, budget=65536):
        self.real, self.left = real, budget

    def writable(self):
        return True

    def write(self, s):
        s = str(s)
        if self.left > 0:
            part = s[: self.left]
            self.left -= len(part)
            try:
                self.real.write(part)
            except BaseException:
                pass
        return len(s)

    def flush(self):
        pass


_objs = {}
_handles = {}


def _handle(v):
    h = _handles.get(id(v))
    if h is None:
        h = len(_objs) + 1
        _objs[h] = v
        _handles[id(v)] = h
    return h


def _builtin_base(cls):
    for k in getattr(cls, "__mro__", ()):
        if getattr(k, "__module__", None) == "builtins" and isinstance(k, type) and issubclass(k, BaseException):
            return k.__name__
    return "Exception"


class _AsRef:
    """A value nested too deep to copy: it is sent as a reference."""

    def __init__(self, v):
        self.v = v


def _refer(v):
    if type(v) is _AsRef:
        v = v.v
    h = _handle(v)
    if isinstance(v, type) and issubclass(v, BaseException):
        return ("R", h, str(v.__name__), "x", _builtin_base(v))
    return ("R", h, str(type(v).__name__), "f" if callable(v) else "o")


def _resolve(pid):
    return _objs[pid[1]]


def _exc_info(e):
    cls = type(e)
    info = {"name": str(cls.__name__), "base": _builtin_base(cls), "cls": _refer(cls), "line": None,
            "args": tuple(e.args) if type(e.args) is tuple else ()}
    try:
        info["msg"] = str(e)[:2000]
    except BaseException:
        info["msg"] = "<unprintable message>"
    try:
        for fs in traceback.extract_tb(e.__traceback__):
            if fs.filename == SOLUTION:
                info["line"] = fs.lineno
        if isinstance(e, SyntaxError) and e.filename == SOLUTION:
            info["line"] = e.lineno
    except BaseException:
        pass
    e.__traceback__ = None
    return info


def _snapshot(v):
    try:
        return marshal.dumps(v)
    except (ValueError, RecursionError):
        try:
            return _wire.dumps(v, _refer)
        except RecursionError:
            return None


def _call(fn, args, kwargs, wait):
    """Call, then send back the new contents of any mutable argument the call changed (copy-in/copy-out)."""
    if not wait:
        fn(*args, **kwargs)
        return None
    before = [(i, _snapshot(a)) for i, a in enumerate(args) if type(a) in _MUTABLE]
    before += [(k, _snapshot(a)) for k, a in kwargs.items() if type(a) in _MUTABLE]
    result = fn(*args, **kwargs)
    changed = []
    for key, old in before:
        arg = args[key] if type(key) is int else kwargs[key]
        if _snapshot(arg) != old:
            changed.append((key, arg))
    return ["ok", result, changed]


_OPS = {
    "len": len, "iter": iter, "next": next, "bool": bool,
    "getitem": lambda o, k: o[k], "contains": lambda o, k: k in o,
    "setitem": lambda o, k, v: o.__setitem__(k, v), "delitem": lambda o, k: o.__delitem__(k),
}


def _serve(req):
    wait, op, target = req[1], req[2], _objs[req[3]]
    if op == "call":
        return _call(target, req[4], req[5], wait)
    if op == "callm":
        return _call(getattr(target, req[4]), req[5], req[6], wait)
    if op == "get":
        v = getattr(target, req[4])
        if type(v) in (types.MethodType, types.BuiltinMethodType) and getattr(v, "__self__", None) is target:
            return ["M"]
        return ["ok", v, ()]
    if op == "set":
        setattr(target, req[4], req[5])
        return ["ok", None, ()]
    if op == "op":
        return ["ok", _OPS[req[4]](target, *req[5]), ()]
    if op == "ping":
        return ["ok", None, ()]
    raise ValueError(f"unknown request {op!r}")


def _reply(seq, reply):
    try:
        try:
            data = _wire.dumps([seq, *reply], _refer)
        except RecursionError:
            if reply[0] != "ok":
                raise
            data = _wire.dumps([seq, "ok", _AsRef(reply[1]), ()], _refer)
        if len(data) > _wire.MAX_FRAME:
            raise MemoryError("result too large to send")
    except BaseException as e:  # e.g. a result too large to send
        data = _wire.dumps([seq, "err", _exc_info(e)], _refer)
    _wire.send(REPLY, data)


def main():
    global REQ, REPLY
    REQ, REPLY = int(sys.argv[1]), int(sys.argv[2])
    for p in ("_host.py", "_wire.py"):  # the solution sees only its own file in the work dir
        try:
            os.unlink(p)
        except OSError:
            pass
    with open("solution.py", encoding="utf-8") as f:
        src = f.read()
    mod = types.ModuleType("solution")
    mod.__file__ = SOLUTION
    mod.__dict__["__builtins__"] = builtins  # the real ones, as for any module
    sys.modules["solution"] = mod
    sys.path.insert(0, os.getcwd())
    _objs[0] = mod
    sys.stdout, sys.stderr = _Sink(sys.__stdout__), _Sink(sys.__stderr__)
    try:
        exec(compile(src, SOLUTION, "exec"), mod.__dict__)
        ready = ["ready"]
    except BaseException as e:
        builtins.__dict__.update(_BUILTINS)
        ready = ["import_error", _exc_info(e)]
    builtins.__dict__.update(_BUILTINS)
    _reply(0, ready)
    reader = _wire.Reader(REQ)
    while True:
        try:
            data = reader.recv()
            req = pickle.loads(data[1:]) if data[:1] == b"P" else _wire.loads(data[1:], _resolve)
        except EOFError:
            os._exit(0)
        try:
            reply = _serve(req)
        except BaseException as e:
            builtins.__dict__.update(_BUILTINS)
            reply = ["err", _exc_info(e)]
        if reply is not None:
            _reply(req[0], reply)


if __name__ == "__main__":
    main()
