"""How the judge rewrites the tests' asserts, and the calls the rewritten tests make (standard library
only; runs inside the sandbox). Part of the judge (``judge.py``).

Comparisons inside ``assert`` become exact (``_se_cmp``, ``_se_op``); a call statement, or the call on
the left of an assert, outside any ``try``/``with`` is sent to the host without waiting
(``_se_defer``, ``_se_start`` and ``_se_expect``) and its reply checked in order later.
"""

import ast

from _judge_compare import _OPS, _cmp  # type: ignore[import-not-found]
from _judge_proxy import _call, _Ctx, _flush, _Host, _Method, _Remote, _send  # type: ignore[import-not-found]

_AST_OPS = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=",
            ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}
_MUTABLE = (list, dict, set, bytearray)


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

