"""A regional railway: stations, a timetable, service calendars, journey planning, fares and boards."""

from rail.planner import plan
from rail.timetable import Timetable, Trip

__all__ = ["Timetable", "Trip", "plan"]
