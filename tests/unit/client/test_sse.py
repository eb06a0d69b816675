from stackeval.client.sse import SSEParser


def feed_all(parts: list[bytes]) -> list[bytes]:
    p = SSEParser()
    out: list[bytes] = []
    for part in parts:
        out.extend(p.feed(part))
    out.extend(p.close())
    return out


def test_events_split_across_reads_and_line_endings() -> None:
    raw = b'data: {"a":1}\n\ndata: {"b":2}\r\n\r\n: keep-alive\n\ndata: [DONE]\n\n'
    whole = feed_all([raw])
    assert whole == [b'{"a":1}', b'{"b":2}', b"[DONE]"]
    # byte by byte gives the same events
    assert feed_all([raw[i:i + 1] for i in range(len(raw))]) == whole


def test_multiline_data_and_fields_ignored() -> None:
    raw = b"event: message\nid: 7\ndata: line1\ndata: line2\n\n"
    assert feed_all([raw]) == [b"line1\nline2"]


def test_cr_only_line_endings() -> None:
    assert feed_all([b"data: x\r\rdata: y\r\r"]) == [b"x", b"y"]


def test_split_utf8_kept_as_bytes() -> None:
    s = 'data: {"c":"日本"}\n\n'.encode()
    cut = s.index("本".encode()) + 1
    assert feed_all([s[:cut], s[cut:]]) == ['{"c":"日本"}'.encode()]


def test_unterminated_final_event_counts_on_close() -> None:
    assert feed_all([b"data: tail"]) == [b"tail"]


def test_comment_only_stream_yields_nothing() -> None:
    assert feed_all([b": ping\n\n: ping\n\n"]) == []
