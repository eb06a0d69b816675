"""``python -m rail.cli`` commands:

    plan FROM TO DATE TIME        the earliest journey
    options FROM TO DATE TIME     up to three journeys
    board STATION DATE TIME       the next departures
    fare FROM TO TIME             a single fare
    check                         the timetable checks
    report                        the day's performance (with the live timetable)
    notices STATION               passenger notices (with the live timetable)
"""

import datetime as dt
import sys

from rail.board import board_lines
from rail.checks import check_all
from rail.clock import format_time, parse_time
from rail.fares import single_fare
from rail.journeys import describe, options
from rail.notices import notices_for
from rail.planner import NoJourney, plan
from rail.reports import day_report
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
        elif cmd == "options":
            a, b = find(args[0]), find(args[1])
            found = options(live or timetable, a.code, b.code, dt.date.fromisoformat(args[2]), parse_time(args[3]))
            for n, j in enumerate(found, start=1):
                print(f"option {n}:", file=out)
                for line in describe(j):
                    print(f"  {line}", file=out)
        elif cmd == "check":
            problems = check_all(timetable)
            for name, messages in problems.items():
                for m in messages:
                    print(f"{name}: {m}", file=out)
            return 1 if problems else 0
        elif cmd == "report":
            for line in day_report(timetable, live or timetable):
                print(line, file=out)
        elif cmd == "notices":
            for line in notices_for(timetable, live or timetable, find(args[0]).code):
                print(line, file=out)
        else:
            print(f"unknown command {cmd!r}", file=out)
            return 2
    except (UnknownStation, NoJourney) as e:
        print(f"error: {e}", file=out)
        return 1
    return 0
