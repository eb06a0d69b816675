"""The wire between the judge and the solution host (standard library only; runs inside the sandbox).

A frame is a 4-byte big-endian length and a pickle (protocol 5). Values are plain data of exact types:
``None``, ``bool``, ``int``, ``float``, ``complex``, ``str``, ``bytes``, ``bytearray``, ``list``,
``tuple``, ``dict``, ``set``, ``frozenset`` and a few standard-library value types (``VALUE_TYPES``:
``Fraction``, ``Decimal``, dates and times, ``Counter``, ``OrderedDict``, ``deque``). Anything else, a
subclass of those types included, travels as a persistent reference (``("R", handle, ...)``) and stays
in the process that owns it.

The judge loads what the host sends with ``Loader``, whose ``find_class`` admits only ``VALUE_TYPES``:
no other class or function of either side can be named in a frame, so loading builds plain values
and never runs the solution's code.
"""

import io
import marshal
import os
import pickle
import struct
import sys

MAX_FRAME = 64 * 1024 * 1024
_HDR = struct.Struct(">I")
PLAIN = frozenset({type(None), bool, int, float, complex, str, bytes, bytearray, list, tuple, dict, set, frozenset})
VALUE_TYPES = frozenset({
    ("builtins", "complex"), ("fractions", "Fraction"), ("decimal", "Decimal"),
    ("datetime", "date"), ("datetime", "datetime"), ("datetime", "time"), ("datetime", "timedelta"),
    ("datetime", "timezone"), ("collections", "Counter"), ("collections", "OrderedDict"),
    ("collections", "deque"),
})


class ProtocolError(Exception):
    """The other side sent something that is not a well-formed message."""


def value_type(t):
    """Is ``t`` exactly one of the standard-library ``VALUE_TYPES`` (not a look-alike, not a subclass)?"""
    key = (getattr(t, "__module__", None), getattr(t, "__qualname__", None))
    if key not in VALUE_TYPES:
        return False
    mod = sys.modules.get(key[0])
    return mod is not None and getattr(mod, key[1], None) is t


class _Pickler(pickle.Pickler):
    def __init__(self, f, refer):
        super().__init__(f, 5)
        self._refer = refer

    def persistent_id(self, obj):
        t = type(obj)
        if t in PLAIN or value_type(t) or (isinstance(obj, type) and value_type(obj)):
            return None  # a value type's class is named in the frame, to rebuild the value with it
        return self._refer(obj)


def dumps(v, refer):
    """``v`` as bytes; ``refer(obj)`` gives the reference for anything that is not plain data."""
    try:
        marshal.dumps(v)  # C speed: succeeds only for exact builtin types all the way down
        if type(v) is not type(Ellipsis) and type(v).__name__ != "code":
            return pickle.dumps(v, 5)
    except (ValueError, TypeError, RecursionError, pickle.PicklingError):
        pass
    f = io.BytesIO()
    _Pickler(f, refer).dump(v)  # RecursionError when nested too deep to copy: the caller decides
    return f.getvalue()


class Loader(pickle.Unpickler):
    """Loads a frame; ``resolve(pid)`` turns a reference into a local object."""

    def __init__(self, data, resolve):
        super().__init__(io.BytesIO(data))
        self._resolve = resolve

    def find_class(self, module, name):
        if (module, name) in VALUE_TYPES:
            __import__(module)
            return getattr(sys.modules[module], name)
        raise ProtocolError(f"{module}.{name} may not cross")

    def persistent_load(self, pid):
        return self._resolve(pid)


def loads(data, resolve):
    return Loader(data, resolve).load()


def frame(data):
    if len(data) > MAX_FRAME:
        raise ProtocolError(f"message of {len(data)} bytes is over the frame limit")
    return _HDR.pack(len(data)) + data


def write_all(fd, data):
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def send(fd, data):
    write_all(fd, frame(data))


class Reader:
    """Frames from a pipe, read in large chunks (one system call for many small frames)."""

    def __init__(self, fd):
        self.fd = fd
        self.buf = bytearray()
        self.pos = 0

    def pump(self):
        """Take in what is there (one read); False at end of file."""
        b = os.read(self.fd, 1 << 20)
        if not b:
            return False
        if self.pos:
            del self.buf[: self.pos]
            self.pos = 0
        self.buf += b
        return True

    def _fill(self, need):
        while len(self.buf) - self.pos < need:
            if not self.pump():
                raise EOFError

    def recv(self):
        """The next frame's bytes; EOFError when the other side is gone."""
        self._fill(4)
        (n,) = _HDR.unpack_from(self.buf, self.pos)
        if n > MAX_FRAME:
            raise ProtocolError(f"frame of {n} bytes announced")
        self._fill(4 + n)
        data = bytes(self.buf[self.pos + 4 : self.pos + 4 + n])
        self.pos += 4 + n
        return data
