"""Incremental Server-Sent Events parser: feed bytes as they arrive, get complete ``data`` payloads.

Only what OpenAI-compatible servers use: ``data:`` fields (several lines join with "\\n"), comments
(``:`` keep-alives) ignored, events end at a blank line, CRLF, CR or LF line ends. Bytes are kept as
bytes until an event is complete, so a multi-byte UTF-8 character split across reads is safe.
"""

from __future__ import annotations


class SSEParser:
    __slots__ = ("_buf", "_data", "_has_data")

    def __init__(self) -> None:
        self._buf = b""
        self._data: list[bytes] = []
        self._has_data = False

    def feed(self, chunk: bytes) -> list[bytes]:
        """Return the data payloads of every event completed by ``chunk``."""
        buf = self._buf + chunk if self._buf else chunk
        out: list[bytes] = []
        if not self._has_data and b"\r" not in buf:
            # Fast path (what every OpenAI-compatible server sends): LF line ends and events of one
            # ``data:`` line. Split whole events at blank lines in C; anything else in an event goes
            # through the line parser. The unfinished tail stays raw in the buffer.
            events = buf.split(b"\n\n")
            self._buf = events.pop()
            for ev in events:
                if ev[:5] == b"data:" and b"\n" not in ev:
                    out.append(ev[6:] if ev[5:6] == b" " else ev[5:])
                else:
                    for line in ev.split(b"\n"):
                        self._line(line, out)
                    self._line(b"", out)
            return out
        self._buf = self._scan(buf, out)
        return out

    def _scan(self, buf: bytes, out: list[bytes]) -> bytes:
        """Line-by-line parse of ``buf`` into ``out``; returns the unfinished tail."""
        start = 0
        n = len(buf)
        while start < n:
            nl = buf.find(b"\n", start)
            cr = buf.find(b"\r", start, nl if nl >= 0 else n)
            if cr >= 0:
                end = cr
                nxt = cr + 2 if cr + 1 < n and buf[cr + 1] == 0x0A else cr + 1
                if cr + 1 == n:  # a CR at the very end may be the first half of CRLF: wait
                    break
            elif nl >= 0:
                end, nxt = nl, nl + 1
            else:
                break
            self._line(buf[start:end], out)
            start = nxt
        return buf[start:]

    def _line(self, line: bytes, out: list[bytes]) -> None:
        if not line:
            if self._has_data:
                out.append(b"\n".join(self._data))
            self._data = []
            self._has_data = False
            return
        if line[0] == 0x3A:  # ':' comment / keep-alive
            return
        if line.startswith(b"data:"):
            v = line[5:]
            if v[:1] == b" ":
                v = v[1:]
            self._data.append(v)
            self._has_data = True
        # other fields (event:, id:, retry:) carry nothing for us

    def close(self) -> list[bytes]:
        """End of stream: an event without its trailing blank line still counts."""
        out: list[bytes] = []
        if self._buf:  # the fast path may leave several complete lines in the tail
            rest = self._scan(self._buf, out)
            if rest:
                self._line(rest.rstrip(b"\r"), out)
            self._buf = b""
        self._line(b"", out)
        return out

    @property
    def pending(self) -> int:
        return len(self._buf)
