"""Times of day as minutes after midnight. A service day may run past midnight: a trip that leaves at
23:50 and arrives 40 minutes later arrives at "24:30" of the same service day (as in GTFS)."""

import re

_TIME = re.compile(r"^(\d{1,2}):(\d{2})$")
DAY = 24 * 60


class BadTime(ValueError):
    pass


def parse_time(text):
    m = _TIME.match(text.strip())
    if not m:
        raise BadTime(f"not a time: {text!r}")
    hours, minutes = int(m.group(1)), int(m.group(2))
    if hours > 23 or minutes > 59:
        raise BadTime(f"not a time: {text!r}")
    return hours * 60 + minutes


def format_time(minutes):
    """``minutes`` as ``HH:MM`` on the 24-hour clock (a time past midnight shows as the next day's)."""
    minutes %= DAY
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def between(t, start, end):
    """``start <= t < end``."""
    return start <= t < end
