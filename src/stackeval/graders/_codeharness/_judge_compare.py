"""The judge's comparisons inside ``assert``: by exact type and value (standard library only; runs
inside the sandbox). Part of the judge (``judge.py``); ``_judge_proxy`` sets ``_Remote`` once that class
exists, so a solution object compares by identity.
"""

import operator
from marshal import dumps as _marshal_dumps

_MISSING = object()
_Remote = None  # the class of solution objects, set by _judge_proxy


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
