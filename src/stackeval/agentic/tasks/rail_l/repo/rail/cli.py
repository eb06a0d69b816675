"""``python -m rail.cli`` commands: ``plan FROM TO DATE TIME``, ``board STATION DATE TIME``, ``fare FROM TO TIME``."""

import datetime as dt
import sys

from rail.board import board_lines
from rail.clock import format_time, parse_time
from rail.fares import single_fare
from rail.planner import NoJourney, plan
from rail.stations import UnknownStation, find


def run(argv, timetable, live=None, out=sys.stdout):
    """Run one command; returns the exit code."""
    try:
        cmd, args = argv[0], argv[1:]
        if cmd == "plan":
            a, b = find(args[0]), find(args[1])
            j = plan(live or timetable, a.code, b.code, dt.date.fromisoformat(args[2]), parse_time(args[3]))
            for leg in j.legs:
                print(f"{format_time(leg.depart)} {leg.board} -> {format_time(leg.arrive)} {leg.alight} ({leg.trip})",
                      file=out)
            print(f"{j.minutes} min, {j.changes} change(s)", file=out)
        elif cmd == "board":
            s = find(args[0])
            for line in board_lines(timetable, live or timetable, s.code, dt.date.fromisoformat(args[1]),
                                    parse_time(args[2])):
                print(line, file=out)
        elif cmd == "fare":
            a, b = find(args[0]), find(args[1])
            print(f"{single_fare(a.zone, b.zone, parse_time(args[2])) / 100:.2f}", file=out)
        else:
            print(f"unknown command {cmd!r}", file=out)
            return 2
    except (UnknownStation, NoJourney) as e:
        print(f"error: {e}", file=out)
        return 1
    return 0
