"""Source texts and exact figures for the long-material items of strict/prose.yaml and strict/writing.yaml.

Run: ``python prose_checks.py``: every item built here is rebuilt from its records; the script asserts that
the item's prompt in the YAML contains the rendered source text verbatim, that its reference answer carries
every computed figure on its labelled line, and that every labelled-line regex of its grader matches the
computed value. It prints ``<id> <LABEL>=<value> ...`` and exits non-zero on any mismatch.
``python prose_checks.py --emit <id>`` prints the source text and the figures (used when writing the item).
The scaled ledgers (prose.frontier.01/04/06/07/08/11, prose.expert.02/08) are generated from fixed seeds
(``random.Random(seed)``, reproducible); for them the whole YAML item (prompt, checks, reference, near-miss
wrong answers) is generated too, the check asserts the YAML holds exactly the generated item, and
``python prose_checks.py --write <id>`` rewrites it in prose.yaml. Every amendment and rule of a scaled ledger
must change at least one answer (asserted). Standard library + PyYAML only; every figure is computed.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import yaml

STRICT = Path(__file__).resolve().parent.parent


@dataclass
class Built:
    yaml_file: str
    source: str
    answers: dict[str, str]  # LABEL -> value exactly as the reference writes it
    notes: dict[str, str] = field(default_factory=dict)  # near-miss values, for the wrong answers


BUILDERS: dict[str, Callable[[], Built]] = {}


def item(item_id: str) -> Callable[[Callable[[], Built]], Callable[[], Built]]:
    def deco(fn: Callable[[], Built]) -> Callable[[], Built]:
        BUILDERS[item_id] = fn
        return fn

    return deco


def money(pence: int) -> str:
    return f"{pence // 100}.{pence % 100:02d}"


def money_c(pence: int) -> str:
    """Money as the source texts print it: £1,420.00."""
    return f"£{pence // 100:,}.{pence % 100:02d}"


def day(d: dt.date) -> str:
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B')}"


def short(d: dt.date) -> str:
    return f"{d.day} {d.strftime('%B')}"


# --------------------------------------------------------------------------------------------------------
# Conference expense claims (prose.frontier.10)
# --------------------------------------------------------------------------------------------------------
HOTEL_CAP = {"Vienna": 15000, "Lisbon": 13000}
PER_DIEM_FULL, PER_DIEM_TRAVEL, LUNCH_DEDUCTION, TAXI_MAX = 4000, 2500, 1200, 3000
OCT1 = dt.date(2026, 10, 1)


@dataclass
class Trip:
    name: str
    pron: str
    city: str
    out: int  # October day of departure
    back: int
    hotel: int  # pence per night
    flight: int
    taxis: list[tuple[int, bool]]  # (pence, has receipt)
    lunches: list[int]  # October days on which the conference gave lunch to this person
    fee: int = 0  # conference fee paid personally
    cap_override: int | None = None
    own_nights: int = 0  # nights at the traveller's own request (last nights of the stay)
    extra: int = 0  # reimbursable extra (change fee)
    personal: str = ""  # a non-reimbursable line on the form (distractor)


TRIPS = [
    Trip("Priya Nair", "She", "Vienna", 12, 16, 17200, 21400, [(1800, True), (2300, False)], [13, 14],
         cap_override=17500, personal="a minibar bill of £12.40"),
    Trip("Tom Becker", "He", "Lisbon", 13, 16, 12400, 18900, [(3600, True), (1450, True)], [14, 15],
         fee=32000, extra=6000),
    Trip("Aisha Okafor", "She", "Vienna", 11, 15, 14600, 24800, [(2750, True)], [13, 14], fee=29500),
    Trip("Jonas Weber", "He", "Lisbon", 12, 17, 13800, 17600, [(1200, True), (2600, True), (900, False)],
         [14, 15], personal="a £22.00 book bought at the conference stand"),
    Trip("Mei Lin", "She", "Vienna", 13, 18, 15800, 26300, [(4100, True)], [14, 15], own_nights=1,
         personal="gifts for her team costing £31.00"),
]
EXTRA_LUNCH = ("Vienna", 15)  # amendment: lunch also given on 15 October in Vienna to everyone attending


def trip_figures() -> dict[str, dict[str, int]]:
    out = {}
    for t in TRIPS:
        nights = t.back - t.out
        paid_nights = nights - t.own_nights
        back = t.back - t.own_nights  # per diem stops at the day the trip would have ended
        cap = t.cap_override or HOTEL_CAP[t.city]
        hotel_paid = paid_nights * min(cap, t.hotel)
        disallowed = nights * t.hotel - hotel_paid
        lunches = set(t.lunches)
        if t.city == EXTRA_LUNCH[0] and t.out <= EXTRA_LUNCH[1] <= t.back:
            lunches.add(EXTRA_LUNCH[1])
        lunches = {x for x in lunches if x <= back}
        days = back - t.out + 1
        per_diem = 2 * PER_DIEM_TRAVEL + (days - 2) * PER_DIEM_FULL - LUNCH_DEDUCTION * len(lunches)
        taxis = sum(min(TAXI_MAX, p) for p, r in t.taxis if r)
        total = t.flight + hotel_paid + per_diem + taxis + t.fee + t.extra
        out[t.name] = {"total": total, "hotel_disallowed": disallowed, "per_diem": per_diem,
                       "taxis": taxis, "hotel_paid": hotel_paid}
    return out


def trips_source() -> str:
    paras = []
    for t in TRIPS:
        first = t.name.split()[0]
        o, b = OCT1 + dt.timedelta(days=t.out - 1), OCT1 + dt.timedelta(days=t.back - 1)
        nights = t.back - t.out
        taxis = []
        for p, r in t.taxis:
            taxis.append(f"£{money(p)} ({'receipt attached' if r else 'no receipt'})")
        lunch = " and ".join(short(OCT1 + dt.timedelta(days=x - 1)) for x in t.lunches)
        text = (
            f"{t.name} flew to {t.city} on {day(o)} and flew home on {day(b)}. {t.pron} stayed {nights} nights "
            f"at £{money(t.hotel)} a night and paid £{money(t.flight)} for the return flight. "
            f"Taxi fares claimed: {', '.join(taxis)}. The conference gave {first} lunch on {lunch}."
        )
        if t.personal:
            text += f" The form also lists {t.personal}."
        if t.fee:
            text += f" {first} paid the conference fee of £{money(t.fee)} personally."
        else:
            text += f" {first}'s conference fee was paid by the company directly."
        paras.append(textwrap.fill(text, 106))
    return "\n\n".join(paras)


TRIP_INTRO = """\
Orbis Analytics, expense claims for the October conferences (Vienna Data Week and Lisbon Cloud Summit).
Five people travelled. The policy comes first, then each person's claim as written on the form, then the
finance team's decisions, which override the policy where they differ."""

TRIP_POLICY = """\
Travel policy (what the company reimburses; nothing else is paid back):
1. Flights: the return flight in full.
2. Hotels: the nightly price up to a cap of £150 a night in Vienna and £130 a night in Lisbon; the part of
   any night above the cap is not reimbursed.
3. Daily allowance: £25 for the day of departure, £25 for the day of return, and £40 for every day in
   between; £12 is deducted for every day on which the conference gave the traveller lunch.
4. Taxis: only fares with a receipt, and at most £30 per fare (a dearer fare is paid back as £30).
5. Conference fees: reimbursed in full if the traveller paid them personally.
Minibar, laundry, gifts and personal purchases are never reimbursed."""

TRIP_DECISIONS = """\
Finance team decisions (these override the policy and the forms):
(a) Priya Nair's hotel was booked by the organiser when the cheaper hotels were full, so her cap is £175 a
night instead of £150.
(b) Tom Becker's airline moved his return flight; the £60 change fee he paid is reimbursed on top of the
fare.
(c) Vienna Data Week also gave every attendee lunch on Thursday 15 October; the forms above leave this day
out, but the £12 deduction applies to every Vienna traveller whose trip includes that day (a day of
departure or return counts as included).
(d) Mei Lin stayed one extra night at her own request and flew home a day later than the conference
required. The last night of her stay is not reimbursed at all, and her daily allowance is worked out as
if she had flown home on Saturday 17 October (so 17 October counts as her day of return).
(e) Aisha Okafor also claimed £38.50 for a laundry bill; this is refused under the policy."""


@item("s1.prose.frontier.10")
def trips_frontier() -> Built:
    f = trip_figures()
    total = {n: v["total"] for n, v in f.items()}
    big = max(total.values())
    assert list(total.values()).count(big) == 1
    big_n = max(total, key=lambda n: total[n])
    return Built(
        "prose.yaml",
        f"{TRIP_INTRO}\n\n{TRIP_POLICY}\n\nCLAIMS:\n{trips_source()}\n\n{TRIP_DECISIONS}",
        {
            "PRIYA_TOTAL": money(f["Priya Nair"]["total"]),
            "MEI_TOTAL": money(f["Mei Lin"]["total"]),
            "HOTEL_NOT_PAID": money(sum(v["hotel_disallowed"] for v in f.values())),
            "ALLOWANCES": money(sum(v["per_diem"] for v in f.values())),
            "LARGEST": f"{big_n} ({money(big)})",
        },
        {"f": str(f)},
    )


# --------------------------------------------------------------------------------------------------------
# Festival committee action log (prose.frontier.03)
# --------------------------------------------------------------------------------------------------------
MAY1 = dt.date(2026, 5, 1)
ACTION_LOG: list[tuple] = [
    ("new", "Book the stage", "Priya", 3),
    ("new", "Print posters", "Leon", 10),
    ("new", "Order wristbands", "Priya", 8),
    ("new", "Arrange first aid cover", "Sam", 12),
    ("reassign", "Book the stage", "Leon"),
    ("reassign", "Print posters", "Priya"),
    ("new", "Confirm food stalls", "Sam", 15),
    ("postpone", "Order wristbands", 7),
    ("new", "Hire portable toilets", "Nadia", 9),
    ("swap", "Sam", "Leon"),
    ("new", "Apply for road closure", "Priya", 6),
    ("cancel", "Print posters"),
    ("new", "Recruit volunteers", "Priya", 14),
    ("rename", "Hire portable toilets", "Hire toilets and hand basins"),
    ("new", "Book the brass band", "Nadia", 11),
    ("postpone", "Apply for road closure", 3),
    ("leaves", "Priya", "Nadia"),
    ("shift_before", 14, 2),
    ("new", "Buy raffle prizes", "Sam", 13),
    ("reassign", "Recruit volunteers", "Sam"),
    ("cancel", "Book the brass band"),
    ("new", "Print programmes", "Leon", 16),
    ("swap", "Nadia", "Sam"),
    ("postpone", "Arrange first aid cover", 4),
    ("rename", "Print programmes", "Print programmes and maps"),
    ("new", "Test the sound system", "Omar", 17),
    ("shift_before", 12, 1),
    ("reassign", "Buy raffle prizes", "Omar"),
]


def _may(n: int) -> str:
    return f"{n} May"


def run_action_log() -> tuple[list[tuple[str, str, int]], list[str], list[str]]:
    acts: dict[str, dict] = {}
    order: list[str] = []
    cancelled: list[str] = []
    lines: list[str] = []
    for op in ACTION_LOG:
        k = op[0]
        if k == "new":
            _, name, owner, due = op
            acts[name] = {"owner": owner, "due": due, "open": True}
            order.append(name)
            lines.append(f"New action: {name}. Owner {owner}, due {_may(due)}.")
        elif k == "reassign":
            _, name, owner = op
            assert acts[name]["open"]
            acts[name]["owner"] = owner
            lines.append(f"Update: \"{name}\" moves to {owner}; due date unchanged.")
        elif k == "postpone":
            _, name, days = op
            acts[name]["due"] += days
            lines.append(f"Update: \"{name}\" is postponed by {days} days.")
        elif k == "cancel":
            _, name = op
            acts[name]["open"] = False
            cancelled.append(name)
            lines.append(f"Update: \"{name}\" is cancelled.")
        elif k == "swap":
            _, a, b = op
            for v in acts.values():
                if v["open"] and v["owner"] in (a, b):
                    v["owner"] = b if v["owner"] == a else a
            lines.append(f"Update: {a} and {b} swap all of their open actions (each takes the other's; due dates "
                         "unchanged).")
        elif k == "leaves":
            _, a, b = op
            for v in acts.values():
                if v["open"] and v["owner"] == a:
                    v["owner"] = b
            lines.append(f"Update: {a} steps down from the committee; all of {a}'s open actions go to {b}, due "
                         f"dates unchanged. {a} takes no further actions.")
        elif k == "shift_before":
            _, before, days = op
            for v in acts.values():
                if v["open"] and v["due"] < before:
                    v["due"] += days
            lines.append(f"Update: every open action due before {_may(before)} is moved {days} "
                         f"day{'s' if days > 1 else ''} later.")
        elif k == "rename":
            _, old, new = op
            acts[new] = acts.pop(old)
            order[order.index(old)] = new
            lines.append(f"Update: \"{old}\" is renamed \"{new}\"; owner and due date unchanged.")
    assert all(v["owner"] != "Priya" for v in acts.values() if v["open"])
    rows = [(n, acts[n]["owner"], acts[n]["due"]) for n in order if acts[n]["open"]]
    return rows, cancelled, [f"{i}. {t}" for i, t in enumerate(lines, 1)]


def action_table_pattern(rows: list[tuple[str, str, int]]) -> str:
    cell = r"[ \t]*\|[ \t]*"
    head = r"(?:^|\n)[ \t]*\|?[ \t]*Action" + cell + "Owner" + cell + r"Due[ \t]*\|?[ \t]*\n[ \t]*\|?[ \t:|-]+\n"
    body = "".join(r"[ \t]*\|?[ \t]*" + re.escape(n).replace("\\ ", " ") + cell + o + cell + f"{d} May"
                   + r"[ \t]*\|?[ \t]*\n" for n, o, d in rows)
    return head + body[:-2] + r"(?:\n(?![ \t]*\|)|\Z)"


@item("s1.prose.frontier.03")
def action_log_frontier() -> Built:
    rows, cancelled, lines = run_action_log()
    table = "| Action | Owner | Due |\n|---|---|---|\n" + "\n".join(f"| {n} | {o} | {d} May |" for n, o, d in rows)
    return Built("prose.yaml", "\n".join(lines), {}, {"table": table, "cancelled": str(cancelled),
                                                       "pattern": action_table_pattern(rows)})


# --------------------------------------------------------------------------------------------------------
# Multi-leg itinerary across time zones and a clock change (prose.frontier.09)
# --------------------------------------------------------------------------------------------------------
# city -> (offset in minutes before the change, after the change); the change is at 01:00 UTC on 29 March
TZ = {"Reykjavik": (0, 0), "Lisbon": (0, 60), "Berlin": (60, 120), "Dubai": (240, 240),
      "Singapore": (480, 480), "Perth": (480, 480), "Auckland": (780, 780)}
TZ_CHANGE_UTC = dt.datetime(2026, 3, 29, 1, 0)
# (from, to, flight minutes, layover minutes after landing before the next departure)
LEGS = [("Reykjavik", "Lisbon", 235, 170), ("Lisbon", "Berlin", 205, 95), ("Berlin", "Dubai", 380, 200),
        ("Dubai", "Singapore", 445, 515), ("Singapore", "Perth", 310, 75), ("Perth", "Auckland", 385, 0)]
FIRST_DEPARTURE_LOCAL = dt.datetime(2026, 3, 28, 20, 40)  # Reykjavik


def offset(city: str, utc: dt.datetime) -> dt.timedelta:
    before, after = TZ[city]
    return dt.timedelta(minutes=after if utc >= TZ_CHANGE_UTC else before)


def hm(t: dt.datetime) -> str:
    return f"{t:%H:%M}, {t.day} {t:%B}"


def dur(m: int) -> str:
    return f"{m // 60} h {m % 60:02d} min"


def run_itinerary() -> dict:
    utc = FIRST_DEPARTURE_LOCAL - offset("Reykjavik", FIRST_DEPARTURE_LOCAL)
    start = utc
    rows = []
    for a, b, fly, lay in LEGS:
        dep = utc
        arr = dep + dt.timedelta(minutes=fly)
        rows.append({"from": a, "to": b, "dep_local": dep + offset(a, dep), "arr_local": arr + offset(b, arr),
                     "lay": lay, "arr_utc": arr})
        utc = arr + dt.timedelta(minutes=lay)
    end = rows[-1]["arr_utc"]
    layovers = [(r["lay"], r["to"]) for r in rows[:-1]]
    layovers.sort(reverse=True)
    assert layovers[0][0] > layovers[1][0]
    home = end + offset("Reykjavik", end)
    return {"rows": rows, "total": int((end - start).total_seconds() // 60),
            "air": sum(x[2] for x in LEGS), "longest": layovers[0], "home": home}


ITIN_TEXT = """\
Traveller: Ines Mora, flying home to Auckland. Every departure and arrival below is in local time; the
flight times are gate to gate. Time zones (hours ahead of UTC): Reykjavik UTC+0 all year; Lisbon UTC+0
and Berlin UTC+1 until the European clock change, after which Lisbon is UTC+1 and Berlin UTC+2; Dubai
UTC+4; Singapore UTC+8; Perth UTC+8; Auckland UTC+13. The European clock change happens at 01:00 UTC on
Sunday 29 March (at that instant local clocks in Lisbon jump from 01:00 to 02:00 and in Berlin from 02:00
to 03:00); no other place changes its clocks during the trip.

Leg 1: leaves Reykjavik at 20:40 on Saturday 28 March; flight time 3 h 55 min to Lisbon.
Leg 2: leaves Lisbon 2 h 50 min after leg 1 lands; flight time 3 h 25 min to Berlin.
Leg 3: leaves Berlin 1 h 35 min after leg 2 lands; flight time 6 h 20 min to Dubai.
Leg 4: leaves Dubai 3 h 20 min after leg 3 lands; flight time 7 h 25 min to Singapore.
Leg 5: leaves Singapore 8 h 35 min after leg 4 lands; flight time 5 h 10 min to Perth.
Leg 6: leaves Perth 1 h 15 min after leg 5 lands; flight time 6 h 25 min to Auckland.

Ines keeps one watch on Reykjavik time for the whole trip."""


@item("s1.prose.frontier.09")
def itinerary_frontier() -> Built:
    r = run_itinerary()
    rows = r["rows"]
    for i, (a, b, fly, _lay) in enumerate(LEGS, 1):
        assert f"Leg {i}: leaves {a}" in ITIN_TEXT and f"{dur(fly).replace(' 0', ' ')} to {b}" in ITIN_TEXT, i
        if i > 1:
            assert f"{dur(LEGS[i - 2][3]).replace(' 0', ' ')} after leg {i - 1} lands" in ITIN_TEXT, i
    return Built(
        "prose.yaml",
        ITIN_TEXT,
        {
            "BERLIN_LANDING": hm(rows[1]["arr_local"]),
            "SINGAPORE_DEPARTURE": hm(rows[4]["dep_local"]),
            "AUCKLAND_ARRIVAL": hm(rows[5]["arr_local"]),
            "TOTAL_JOURNEY": dur(r["total"]),
            "WATCH_AT_ARRIVAL": hm(r["home"]),
        },
        {"rows": "; ".join(f"{x['from']}->{x['to']} dep {hm(x['dep_local'])} arr {hm(x['arr_local'])}"
                           for x in rows), "longest": str(r["longest"])},
    )


# --------------------------------------------------------------------------------------------------------
# Three meetings of launch planning, superseded decisions (prose.frontier.05)
# --------------------------------------------------------------------------------------------------------
LAUNCH_NOTES = """\
Tidewell app launch: notes of three planning meetings (written by Mara; each meeting's decisions replace
earlier ones only where they say so).

MEETING 1, Thursday 2 April. Present: Mara, Joss, Wen, Priti, Dan.
- Launch date set for 28 April. The launch event will be in Hall B on the ground floor.
- Event budget: £3,000, covering catering, sound hire and printed signs.
- Rule agreed: the press release goes out exactly one week before the launch date, whatever that date
  turns out to be. Owner: Joss.
- Rule agreed: beta testers get early access exactly three days before the press release goes out.
- Guest list capped at 120 people. Priti to send invitations once the venue is fixed.
- Dan asked whether the app could ship with dark mode; not decided, to come back to after launch.

MEETING 2, Thursday 9 April. Present: Mara, Joss, Wen, Dan (Priti sent apologies).
- Joss reported that the app-store review can take up to two weeks, so 28 April is too tight. Agreed: the
  launch moves to 12 May.
- Hall B is not free on 12 May. Agreed: the event moves to the Atrium on the first floor.
- The Atrium has no kitchen, so outside catering is needed: the budget rises by £450.
- Joss is on leave from 4 May to 15 May, so the press release moves to Wen.
- The Atrium is larger than Hall B: the guest cap rises to 150.
- Dan proposed a live demo on the big screen; agreed, Dan owns it.

MEETING 3, Thursday 16 April. Present: Mara, Joss, Wen, Priti, Dan.
- The Atrium turns out to be double-booked on 12 May but is free on 14 May. Agreed: the launch moves to
  14 May and the event stays in the Atrium.
- The Atrium has its own sound system, so the sound hire is dropped: the budget falls by £380.
- Joss has moved his leave to June, so the press release goes back to Joss.
- The building's fire officer limits the Atrium to 140 guests for a standing event; the guest cap is now
  140.
- The rules for the press release and the early access for beta testers stay as agreed in meeting 1.
- Priti will send the invitations on 20 April. Dan's live demo stays in the plan."""

LAUNCH_YEAR = 2026


def launch_final() -> dict[str, str]:
    launch = dt.date(LAUNCH_YEAR, 5, 14)
    press = launch - dt.timedelta(days=7)
    beta = press - dt.timedelta(days=3)
    budget = 300_000 + 45_000 - 38_000
    for frag in ("launch moves to\n  14 May", "budget falls by £380", "rises by £450", "£3,000",
                 "guest cap is now\n  140", "press release goes back to Joss"):
        assert frag in LAUNCH_NOTES, frag
    return {"launch": short(launch), "press": short(press), "beta": short(beta), "budget": money_c(budget),
            "venue": "Atrium", "cap": "140", "owner": "Joss"}


@item("s1.prose.frontier.05")
def launch_frontier() -> Built:
    f = launch_final()
    superseded = {"launch": ["28 April", "12 May"], "press": [short(dt.date(2026, 4, 21)), "5 May"],
                  "beta": [short(dt.date(2026, 4, 18)), "2 May"], "budget": ["£3,000", "£3,450"],
                  "cap": ["120", "150"]}
    assert short(dt.date(2026, 5, 12) - dt.timedelta(days=7)) == "5 May"
    assert short(dt.date(2026, 5, 5) - dt.timedelta(days=3)) == "2 May"
    return Built("prose.yaml", LAUNCH_NOTES, {}, {**{f"final {k}": v for k, v in f.items()},
                                                  "superseded": str(superseded)})


# --------------------------------------------------------------------------------------------------------
# Grant spending log to a sectioned report (prose.frontier.02)
# --------------------------------------------------------------------------------------------------------
GRANT = 1_200_000
GRANT_CAPS = {"Instruments": 500_000, "Tutor fees": None, "Room hire": 150_000, "Travel": 40_000}
# (date, description, category, amount in pence as paid, VAT included?)
GRANT_LOG = [
    ("8 January", "two acoustic guitars", "Instruments", 54_000, True),
    ("15 January", "tutor fee, January (Ruth Ames)", "Tutor fees", 48_000, False),
    ("22 January", "hall hire, 4 Saturdays", "Room hire", 32_000, False),
    ("29 January", "juice and biscuits for sessions", "Refreshments", 4_650, False),
    ("5 February", "digital piano", "Instruments", 89_400, True),
    ("12 February", "tutor fee, February (Ruth Ames)", "Tutor fees", 48_000, False),
    ("19 February", "train fares to the Leeds workshop", "Travel", 16_440, False),
    ("26 February", "hall hire, 4 Saturdays", "Room hire", 32_000, False),
    ("5 March", "drum kit", "Instruments", 131_400, True),
    ("14 March", "bass amplifier", "Instruments", 38_400, True),
    ("14 March", "tutor fee, March (Ruth Ames)", "Tutor fees", 48_000, False),
    ("21 March", "pizza for the open evening", "Refreshments", 8_925, False),
    ("26 March", "hall hire, 4 Saturdays", "Room hire", 32_000, False),
    ("9 April", "microphones and stands", "Instruments", 42_600, True),
    ("16 April", "tutor fee, April (Ruth Ames)", "Tutor fees", 48_000, False),
    ("23 April", "hall hire, 5 Saturdays", "Room hire", 40_000, False),
    ("30 April", "ukuleles, set of eight", "Instruments", 46_800, True),
    ("9 May", "tutor fee, May (Ruth Ames)", "Tutor fees", 48_000, False),
    ("9 May", "tutor fee, May (Ruth Ames)", "Tutor fees", 48_000, False),
    ("21 May", "hall hire, 4 Saturdays", "Room hire", 32_000, False),
    ("28 May", "coach to the regional youth festival", "Room hire", 27_500, False),
    ("4 June", "guitar strings and spare parts", "Instruments", 9_720, True),
    ("11 June", "tutor fee, June (Ruth Ames)", "Tutor fees", 48_000, False),
    ("18 June", "train fares, festival rehearsal", "Travel", 13_860, False),
    ("25 June", "cake for the end-of-project concert", "Refreshments", 3_480, False),
]
GRANT_RETURNED = ("14 March", "bass amplifier")
GRANT_DUPLICATE = ("9 May", "tutor fee, May (Ruth Ames)")
GRANT_RECLASS = ("28 May", "coach to the regional youth festival", "Travel")


def grant_figures() -> dict[str, int]:
    spent = dict.fromkeys(GRANT_CAPS, 0)
    refresh = 0
    dup_seen = False
    for date, desc, cat, amt, vat in GRANT_LOG:
        if (date, desc) == GRANT_RETURNED:
            continue
        if (date, desc) == GRANT_DUPLICATE:
            if dup_seen:
                continue
            dup_seen = True
        if (date, desc) == GRANT_RECLASS[:2]:
            cat = GRANT_RECLASS[2]
        if vat:
            assert amt % 6 == 0
            amt = amt * 5 // 6
        if cat == "Refreshments":
            refresh += amt
        else:
            spent[cat] += amt
    counted = {c: min(v, GRANT_CAPS[c]) if GRANT_CAPS[c] else v for c, v in spent.items()}
    over = {c: spent[c] - counted[c] for c in spent if spent[c] > counted[c]}
    total = sum(counted.values())
    return {"counted": counted, "over": over, "refresh": refresh, "total": total, "remaining": GRANT - total,
            "spent": spent}


GRANT_TEXT_HEAD = """\
Riverside Community Centre: youth music project, spending log, January to June. The project is funded by
a grant of £12,000 from the Arlen Trust. The trust's terms, then the log as kept by the project
treasurer, then the treasurer's notes.

Terms of the grant.
1. The grant pays only for four categories: Instruments, Tutor fees, Room hire and Travel. Refreshments
   and anything else are not paid by the grant.
2. Caps for the whole project: Instruments at most £5,000; Room hire at most £1,500; Travel at most £400;
   Tutor fees have no cap. Spending above a cap is not paid by the grant.
3. The centre reclaims VAT, so for an item marked "VAT incl." only the amount without VAT counts: the
   price shown includes VAT at 20%, so the amount without VAT is the price divided by 1.2.
4. The grant pays exactly what counts under these terms; what is left of the £12,000 goes back to the
   trust.

LOG (date, item, category, amount paid):"""

GRANT_TEXT_TAIL = """\
Treasurer's notes (these correct the log):
(a) The bass amplifier bought on 14 March was faulty and was returned for a full refund; it no longer
counts anywhere.
(b) Ruth Ames's May fee was paid twice on 9 May by mistake; she paid one of the two back. Count it once.
(c) The coach to the regional youth festival on 28 May was logged as Room hire by mistake; it is Travel."""


def grant_source() -> str:
    rows = [f"{d}: {desc}; {cat}; {money_c(a)}{' VAT incl.' if v else ''}" for d, desc, cat, a, v in GRANT_LOG]
    return GRANT_TEXT_HEAD + "\n" + "\n".join(rows) + "\n\n" + GRANT_TEXT_TAIL


@item("s1.prose.frontier.02")
def grant_frontier() -> Built:
    f = grant_figures()
    notes = {f"final counted {c}": money_c(v) for c, v in f["counted"].items()}
    notes.update({f"final over {c}": money_c(v) for c, v in f["over"].items()})
    notes.update({"final refreshments": money_c(f["refresh"]), "final total": money_c(f["total"]),
                  "final remaining": money_c(f["remaining"]), "spent": str(f["spent"])})
    return Built("prose.yaml", grant_source(), {}, notes)


# --------------------------------------------------------------------------------------------------------
# A history told out of order with relative dates (prose.expert.06)
# --------------------------------------------------------------------------------------------------------
HISTORY = """\
The workshop everyone in Dunmere knows today moved to its Quay Street premises eighteen years after Ada
Finch joined the business as a partner, and four years after the firm received its first royal warrant.
Ada had joined sixteen years after Thomas Marlow founded the business in 1887 as a one-room bindery above
a chandler's shop. She retired in the year the firm turned fifty. A fire thirty-seven years after the move
to Quay Street destroyed most of the original tools; the rebuilt workshop, fitted out with equipment
bought from a closing London bindery, reopened two years after the fire. In 1994 the founders'
great-grandchildren turned the back room into a teaching studio, and six years before that the firm had
bound its last ledger for the Dunmere harbour office."""


def history_years() -> list[tuple[int, str]]:
    founded = 1887
    ada = founded + 16
    move = ada + 18
    warrant = move - 4
    retired = founded + 50
    fire = move + 37
    reopened = fire + 2
    studio = 1994
    ledger = studio - 6
    ev = [(founded, "founded"), (ada, "Ada Finch joins"), (move, "Quay Street"), (warrant, "royal warrant"),
          (retired, "Ada Finch retires"), (fire, "fire"), (reopened, "reopens"), (studio, "teaching studio"),
          (ledger, "last ledger")]
    assert len({y for y, _ in ev}) == len(ev)
    for word in ("eighteen years after", "four years after", "sixteen years after", "turned fifty",
                 "thirty-seven years after", "two years after the fire", "six years before"):
        assert word in HISTORY, word
    return sorted(ev)


def history_pattern(ev: list[tuple[int, str]]) -> str:
    body = r"[^\n]*\n\s*".join(f"{i}\\.\\s+{y}\\b" for i, (y, _) in enumerate(ev, 1))
    return r"\A\s*" + body + r"[^\n]*\s*\Z"


@item("s1.prose.expert.06")
def history_expert() -> Built:
    ev = history_years()
    return Built("prose.yaml", HISTORY, {}, {"years": str(ev), "chronological": history_pattern(ev)})


# --------------------------------------------------------------------------------------------------------
# Design document that must carry figures from engineering notes (writing.frontier.01)
# --------------------------------------------------------------------------------------------------------
INKPAD_NOTES = """\
Support: tickets that mention lost edits numbered 412 in Q3 and 838 in Q4. Tickets about slow loading
fell from 95 to 71 over the same quarters (not related to this project).
Data team: the median active user keeps 1,240 notes; the average stored note, with its metadata, takes
3.5 KB. Local storage must also hold the outbound queue, for which we reserve 20% on top of the notes
themselves. (The largest account has 48,000 notes; we do not size for it.)
Prototype: in last year's offline prototype, the client replayed 18,450 queued operations, of which 123
ended in a version conflict.
Release calendar: rollout has five stages, in this order and with these lengths: (1) storage layer and
queue behind a disabled feature flag, 3 weeks; (2) internal staff, 2 weeks; (3) 5% of customers who
opted into the beta, 3 weeks; (4) half of all users, 2 weeks; (5) everyone, open-ended. Stage 1 starts on
Monday 2 March 2026. Every stage lasts whole weeks from a Monday to a Friday; each later stage starts on
the Monday after the previous stage ends. No stage may start in the release-freeze week of Monday 6 April
to Friday 10 April: a stage that would start in that week starts on Monday 13 April instead, and the
stages after it move with it."""


def inkpad_figures() -> dict[str, str]:
    rise = (838 - 412) * 100 / 412
    assert abs(rise * 10 % 1 - 0.5) > 0.05
    kb = 1240 * 35 * 12 // 100  # 1,240 notes x 3.5 KB x 1.2
    assert 1240 * 35 * 12 % 100 == 0
    conflict = 123 * 100 / 18450
    assert abs(conflict * 100 % 1 - 0.5) > 0.05
    start = dt.date(2026, 3, 2)
    starts = []
    for weeks in (3, 2, 3, 2, None):
        if dt.date(2026, 4, 6) <= start <= dt.date(2026, 4, 10):
            start = dt.date(2026, 4, 13)
        assert start.weekday() == 0
        starts.append(start)
        if weeks:
            start = start + dt.timedelta(weeks=weeks)
    return {"final rise": f"{rise:.1f}%", "final storage": f"{kb:,} KB", "final conflict": f"{conflict:.2f}%",
            **{f"final stage {i}": short(d_) for i, d_ in enumerate(starts, 1)}}


@item("s1.writing.frontier.01")
def inkpad_writing() -> Built:
    return Built("writing.yaml", INKPAD_NOTES, {}, inkpad_figures())


# --------------------------------------------------------------------------------------------------------
# Compression with derived and superseded facts (prose.frontier.12) and numbers in words (prose.frontier.13)
# --------------------------------------------------------------------------------------------------------
LOOP_TEXT = """\
Orrin Audio is proud to introduce the Orrin Loop, our lightest pair of wireless earbuds yet. After two
years of development, the Loop was due to go on sale on 26 September, but a delay at our case supplier
means it now goes on sale on 3 October. The price is £129. Customers who pre-order before launch day
receive 15% off that price, charged when the earbuds ship. Each earbud weighs just 4.1 g, and the charging
case weighs 38 g. A single charge gives 7 hours of listening, and the case holds enough for three more
full charges of 7 hours each. The Loop was announced in three finishes, chalk, graphite and moss; moss
has been dropped for launch, so the Loop comes in chalk and graphite only. The earbuds are rated IPX4
against sweat and splashes. The Loop pairs with two devices at once, charges over USB-C or on any
wireless charging pad, and ships with three sizes of silicone tip. A firmware update planned for
November will add a hearing-test feature; it is not part of the launch."""


def number_words(n: int) -> str:
    ones = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
            "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
    tens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
    if n < 20:
        return ones[n]
    if n < 100:
        return tens[n // 10] + ("-" + ones[n % 10] if n % 10 else "")
    rest = n % 100
    return ones[n // 100] + " hundred" + (" and " + number_words(rest) if rest else "")


@item("s1.prose.frontier.12")
def loop_frontier() -> Built:
    price = 12_900
    pre = price * 85 // 100
    assert price * 85 % 100 == 0
    total_hours = 7 + 3 * 7
    return Built("prose.yaml", LOOP_TEXT, {}, {
        "final price": money_c(price), "final preorder": money_c(pre), "final total hours": f"{total_hours} hours",
        "final date": "3 October", "final weight": "4.1 g", "superseded": str({"date": ["26 September"],
                                                                             "colour": ["moss"]})})


HALDEN_SPEC = """\
Halden Smart Bottle: holds 650 ml; keeps drinks cold for 20 hours or hot for 12 hours; tracks how much
you drink through an app; price £49 each, or £84 for a pack of two; on sale at Halden stores and
halden.example."""


@item("s1.prose.frontier.13")
def halden_frontier() -> Built:
    saving = 2 * 49 - 84
    return Built("prose.yaml", HALDEN_SPEC, {}, {
        "final capacity": number_words(650), "final cold": number_words(20) + " hours",
        "final hot": number_words(12) + " hours", "final price": number_words(49) + " pounds",
        "final pack": number_words(84) + " pounds", "final saving": number_words(saving) + " pounds"})


# --------------------------------------------------------------------------------------------------------
# A story that must carry worked-out facts from a keeper's notes (writing.frontier.02)
# --------------------------------------------------------------------------------------------------------
KEEPER_NOTES = """\
Carrick Point light. Keeper: Ezra Penhale, in the post since 1 March 1994; the story happens on the first
night of the October gales in 2025. His granddaughter Wenna is twelve. The tower has seven flights of
sixteen steps from the door to the lantern room. The light was automated in 2009; a control box now
switches it on at dusk. If the mains power fails, the red switch starts the reserve generator, which
needs thirty seconds to come up to speed; the lens motor then needs another fifteen seconds before it
turns. The keeper keeps the key to the switch cupboard on a brass key ring. That night the fishing boat
Morwenna, her skipper and a crew of four, was closest to the rocks."""


@item("s1.writing.frontier.02")
def keeper_writing() -> Built:
    years = 2025 - 1994  # October 2025 is after the 1 March anniversary: 31 full years
    assert dt.date(2025, 10, 1) > dt.date(2025, 3, 1)
    steps = 7 * 16
    wait = 30 + 15
    aboard = 1 + 4
    return Built("writing.yaml", KEEPER_NOTES, {}, {
        "final years": number_words(years), "final steps": number_words(steps).capitalize(),
        "final wait": number_words(wait), "final aboard": f"{number_words(aboard)} men aboard",
        "final boat": "Morwenna"})


def _hm(t: str) -> int:
    h, m = t.split(":")
    return int(h) * 60 + int(m)


PARK_TARIFF = """\
Up to 1 hour: £2.40. After the first hour, £0.90 for each half hour or part of a half hour.
The most you pay for one stay is £11.00.
Evenings: a stay that starts at or after 18:00 pays a flat £3.00, however long it lasts (the car park
closes at midnight). A stay that starts before 18:00 pays the normal tariff for its whole length.
Sundays: every stay pays a flat £4.00.
Price change: from Monday 1 June the first hour costs £2.70 instead of £2.40; the other prices do not
change. A stay pays the prices in force on the day it starts."""


# --------------------------------------------------------------------------------------------------------
# Scaled ledgers (round 4): seeded record generators. Each engine takes ``skip``, a set of rule or
# amendment keys to leave out; the reference uses skip=set(), and every near-miss wrong answer is the
# reference with one figure replaced by what a solver who missed one amendment would compute. The script
# asserts that every amendment changes at least one answer (one slip anywhere changes an answer).
# --------------------------------------------------------------------------------------------------------
@dataclass
class Spec:
    item_id: str
    tier: str
    head: str  # the prompt before the material (questions and formats)
    source: str
    engine: Callable[[set[str]], dict[str, str]]
    keys: list[str]  # amendment / rule keys; each must change an answer
    rationale: str
    max_tokens: int = 12288


SPECS: dict[str, Callable[[], Spec]] = {}


def spec(item_id: str) -> Callable[[Callable[[], Spec]], Callable[[], Spec]]:
    def deco(fn: Callable[[], Spec]) -> Callable[[], Spec]:
        SPECS[item_id] = fn

        def build() -> Built:
            s = fn()
            ref = s.engine(set())
            return Built("prose.yaml", s.source, ref, {"spec": "1"})

        BUILDERS[item_id] = build
        return fn

    return deco


def spec_wrongs(s: Spec, ref: dict[str, str]) -> list[tuple[str, dict[str, str]]]:
    """(label, answers) per key: the reference with one figure that the key's omission changes (a label not
    used by an earlier key where possible)."""
    out: list[tuple[str, dict[str, str]]] = []
    for k in s.keys:
        alt = s.engine({k})
        diff = [lab for lab in ref if alt[lab] != ref[lab]]
        assert diff, f"{s.item_id}: leaving out {k!r} changes no answer"
        fresh = [lab for lab in diff if lab not in {x for x, _ in out}] or diff
        out.append((fresh[0], {**ref, fresh[0]: alt[fresh[0]]}))
    return out


def _block(text: str, indent: int) -> str:
    pad = " " * indent
    return "\n".join(pad + ln if ln else "" for ln in text.split("\n"))


def spec_yaml(s: Spec) -> str:
    ref = s.engine(set())
    wr = spec_wrongs(s, ref)
    seen, picks = set(), []
    for lab, ans in wr:  # up to three near misses with distinct failing labels
        if lab not in seen:
            seen.add(lab)
            picks.append((lab, ans))
    picks = picks[:3]
    assert len(picks) >= 2, s.item_id
    prompt = f'{s.head}\n\nMATERIAL:\n"""\n{s.source}\n"""'
    lines = [f"- id: {s.item_id}", "  category: prose", f"  tier: {s.tier}", "  prompt: |-", _block(prompt, 4),
             f"  sampling: {{max_tokens: {s.max_tokens}}}", "  grader:", "    kind: checks", "    checks:"]
    lines += [label_check(k, v) for k, v in ref.items()]
    lines += ["  reference: |-", _block("\n".join(f"{k}: {v}" for k, v in ref.items()), 4), "  wrong:"]
    for lab, ans in picks:
        lines += ["    - content: |-", _block("\n".join(f"{k}: {v}" for k, v in ans.items()), 8),
                  f"      expect: constraint:{lab.lower()}"]
    lines.append(f"  rationale: {json.dumps(s.rationale)}")
    return "\n".join(lines) + "\n"


def spec_write(item_id: str) -> None:
    path = STRICT / "prose.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index(f"- id: {item_id}\n")
    nxt = text.find("\n- id: ", start + 1)
    end = len(text) if nxt < 0 else nxt + 1
    block = spec_yaml(SPECS[item_id]())
    if nxt >= 0:
        block += "\n"
    path.write_text(text[:start] + block + text[end:].lstrip("\n") if nxt >= 0 else text[:start] + block,
                    encoding="utf-8")


def wrap(text: str) -> str:
    """Refill each paragraph (paragraphs are separated by a blank line) to 104 columns."""
    return "\n\n".join(textwrap.fill(p.replace("\n", " "), 104) for p in text.split("\n\n"))


def pick_tie(scores: dict[str, int], surname_first: bool = True) -> tuple[str, int]:
    """The highest score; a tie goes to the name whose surname (last word) comes first alphabetically."""
    top = max(scores.values())
    names = sorted((n for n, v in scores.items() if v == top), key=lambda n: (n.split()[-1], n))
    return names[0], top


# ---- Engine A: hire ledger (prose.frontier.01, prose.expert.02) ------------------------------------------
def _open_days(first: dt.date, last: dt.date, closed: set[dt.date]) -> list[dt.date]:
    out, x = [], first
    while x <= last:
        if x.weekday() != 6 and x not in closed:
            out.append(x)
        x += dt.timedelta(days=1)
    return out


@dataclass
class HireWorld:
    seed: int
    n: int
    members: list[str]
    gold: set[str]
    items: dict[str, int]  # item -> daily rate, pence
    heavy: set[str]  # items with a 2-day minimum charge
    first: dt.date
    last: dt.date
    closed: dict[dt.date, str]  # bank holidays
    loans: list[tuple[str, str, str, dt.date, dt.date, dt.date]] = field(default_factory=list)
    amend: dict = field(default_factory=dict)


def hire_world(seed: int, n: int, members: list[str], gold: set[str], items: dict[str, int], heavy: set[str],
               first: dt.date, last: dt.date, closed: dict[dt.date, str], n_amend: int) -> HireWorld:
    rng = random.Random(seed)
    w = HireWorld(seed, n, members, gold, items, heavy, first, last, closed)
    open_ = _open_days(first, last, set(closed))
    raw = []
    for _ in range(n):
        c = rng.choice(open_[:-8])
        due = open_[min(len(open_) - 1, open_.index(c) + rng.choice([0, 1, 1, 2, 2, 3, 4, 5]))]
        r = rng.random()
        later = [x for x in open_ if x > due]
        if r < 0.27 and later:
            ret = later[min(len(later) - 1, rng.choice([0, 0, 1, 1, 2, 3, 4, 6]))]
        elif r < 0.37 and due > c:
            ret = rng.choice([x for x in open_ if c <= x < due])
        else:
            ret = due
        raw.append((rng.choice(members), rng.choice(list(items)), c, due, ret))
    raw.sort(key=lambda x: x[2])
    w.loans = [(f"L{k:03d}", m, it, c, due, ret) for k, (m, it, c, due, ret) in enumerate(raw, 1)]
    ids = [x[0] for x in w.loans]
    late = [x[0] for x in w.loans if x[5] > x[4]]
    pick = rng.sample(late, 2 if n_amend >= 8 else 1)
    rest = [i for i in ids if i not in pick]
    cancel = rng.sample(rest, 2 if n_amend >= 8 else 1)
    rest = [i for i in rest if i not in cancel]
    moved = rng.sample(rest, 2)
    byid = {x[0]: x for x in w.loans}
    new_ret = {}
    for i in moved:
        _, _, _, c, due, ret = byid[i]
        choices = [x for x in open_ if x >= c and x != ret and (x - ret).days <= 6 and (ret - x).days <= 6]
        new_ret[i] = rng.choice(choices)
    rest = [i for i in rest if i not in moved]
    transfer = rng.choice(rest)
    w.amend = {
        "rate": (rng.choice(sorted(items)), open_[len(open_) // 2], None),
        "join_gold": (rng.choice(sorted(set(members) - gold)), open_[len(open_) // 3]),
        "leave_gold": (rng.choice(sorted(gold)), open_[2 * len(open_) // 3]),
        "waive": pick, "cancel": cancel, "return": new_ret,
        "member": (transfer, rng.choice([m for m in members if m != byid[transfer][1]])),
    }
    item, when, _ = w.amend["rate"]
    w.amend["rate"] = (item, when, items[item] + rng.choice([100, 200, 300]))
    return w


def hire_run(w: HireWorld, skip: set[str]) -> dict[str, dict]:
    am = w.amend
    out = {}
    for lid, member, item, c, due, ret in w.loans:
        if "cancel" not in skip and lid in am["cancel"]:
            continue
        if "return" not in skip and lid in am["return"]:
            ret = am["return"][lid]
        if "member" not in skip and lid == am["member"][0]:
            member = am["member"][1]
        days = len(_open_days(c, ret - dt.timedelta(days=1), set(w.closed))) if ret > c else 1
        if item in w.heavy and "minimum" not in skip:
            days = max(days, 2)
        rate = w.items[item]
        if "rate" not in skip and item == am["rate"][0] and c >= am["rate"][1]:
            rate = am["rate"][2]
        gold = member in w.gold
        if "join_gold" not in skip and member == am["join_gold"][0] and c >= am["join_gold"][1]:
            gold = True
        if "leave_gold" not in skip and member == am["leave_gold"][0] and c >= am["leave_gold"][1]:
            gold = False
        gross = days * rate
        hire = gross * 85 // 100 if gold else gross
        assert not gold or gross * 85 % 100 == 0
        late_days = max(0, (ret - due).days)
        late = min(2000, 400 * late_days) if "cap" not in skip else 400 * late_days
        if "waive" not in skip and lid in am["waive"]:
            late = 0
        out[lid] = {"member": member, "item": item, "c": c, "days": days, "hire": hire, "late": late}
    return out


def hire_records(w: HireWorld, verb: str) -> str:
    lines = []
    for lid, member, item, c, due, ret in w.loans:
        dues = "due back the same day" if due == c else f"due back {day(due)}"
        back = ("returned on time" if ret == due else f"returned early, on {day(ret)}" if ret < due
                else f"returned on {day(ret)}")
        lines.append(f"{lid}. {member} {verb} the {item} on {day(c)}, {dues}; {back}.")
    return "\n".join(lines)


def hire_amend_text(w: HireWorld, noun: str) -> str:
    am = w.amend
    item, when, rate = am["rate"]
    jg, jd = am["join_gold"]
    lg, ld = am["leave_gold"]
    out = [f"From {day(when)} the daily rate of the {item} is {_pounds(rate)}. The rate in force on the day "
           f"of collection applies to the whole {noun}.",
           f"{jg} moved to the Gold plan on {day(jd)}: {noun}s {jg.split()[0]} collected from that day on get "
           f"the Gold discount; earlier ones do not.",
           f"{lg} left the Gold plan on {day(ld)}: {noun}s collected from that day on are charged at the "
           f"Standard plan; earlier ones keep the discount."]
    for lid in am["waive"]:
        out.append(f"The late fee of {lid} is waived as a goodwill gesture. Its hire charge stands, including "
                   f"the extra days.")
    for lid in am["cancel"]:
        out.append(f"{lid} was cancelled before the member left the premises; nothing is charged for it.")
    for lid, r in am["return"].items():
        out.append(f"{lid} was entered wrongly: the item actually came back on {day(r)}.")
    lid, m = am["member"]
    out.append(f"{lid} was booked under the wrong name: the member was {m}, who is charged for it.")
    rng = random.Random(w.seed + 1)
    rng.shuffle(out)
    return "\n".join(f"({chr(97 + k)}) {t}" for k, t in enumerate(out))


def _pounds(p: int) -> str:
    return f"£{p // 100}" if p % 100 == 0 else money_c(p)


def hire_rules(w: HireWorld, noun: str, place: str) -> str:
    rates = ", ".join(f"{k} {_pounds(v)}" for k, v in w.items.items())
    hs = [day(x) for x in sorted(w.closed)]
    hols = ", ".join(hs[:-1]) + " and " + hs[-1]
    heavy = " and the ".join(sorted(w.heavy))
    gold = ", ".join(sorted(w.gold, key=lambda n: n.split()[-1]))
    return wrap(
        f"Charges. Each item has a daily rate: {rates}. The {place} is open Monday to Saturday and is closed on "
        f"Sundays and on the bank holidays {hols}; nothing is collected or returned on a closed day. The hire "
        f"days of a {noun} are the open days from the day of collection up to, but not including, the day of "
        f"return (closed days are never charged); an item returned on the day it was collected counts as one "
        f"hire day. Exception: a {noun} of the {heavy} is always charged at least 2 hire days, even if it came "
        f"back sooner. The hire charge is the hire days times the daily rate. Gold members get 15% off the hire "
        f"charge (never off late fees). Gold members at the start of the period: {gold}; everyone else is on "
        f"the Standard plan.\n\n"
        f"Late fees. A {noun} returned after its due date pays £4 for every calendar day by which the return "
        f"is later than the due date (closed days count here), capped at £20 per {noun}; the late fee is on "
        f"top of the hire charge for the extra days. A {noun} returned early pays only for the days it was out.")


def hire_answers(w: HireWorld, skip: set[str], who: str, item: str) -> dict[str, str]:
    ch = hire_run(w, skip)
    tot = {m: 0 for m in w.members}
    days = {m: 0 for m in w.members}
    for v in ch.values():
        tot[v["member"]] += v["hire"] + v["late"]
        days[v["member"]] += v["days"]
    md, mdv = pick_tie(days)
    tp, tpv = pick_tie(tot)
    return {
        "MEMBER_TOTAL": money(tot[who]),
        "LATE_FEES": money(sum(v["late"] for v in ch.values())),
        "LATE_LOANS": str(sum(1 for v in ch.values() if v["late"])),
        "ITEM_HIRE": money(sum(v["hire"] for v in ch.values() if v["item"] == item)),
        "TOTAL_HIRE": money(sum(v["hire"] for v in ch.values())),
        "MOST_DAYS": f"{md} ({mdv})",
        "TOP_PAYER": f"{tp} ({money(tpv)})",
    }


HIRE_HEAD = """\
Answer questions about the {title} below. Use the rules, the {noun}s and the amendments at the end (the
amendments override anything before them). You may show your working first; then end your answer with
exactly these labelled lines, in this order. Write amounts in pounds with two decimals and no thousands
separator (for example 87.40), counts as whole numbers, and names exactly as the ledger writes them. A tie
for MOST_DAYS or TOP_PAYER goes to the member whose surname comes first in the alphabet.
MEMBER_TOTAL: <everything charged to {who} for the whole period: hire charges after any discount, plus late fees>
LATE_FEES: <the total of all late fees charged>
LATE_LOANS: <how many {noun}s are charged a late fee greater than zero>
ITEM_HIRE: <the total hire charges for the {item}, after discounts, without late fees>
TOTAL_HIRE: <the total hire charges of all {noun}s, after discounts, without late fees>
MOST_DAYS: <the member with the most charged hire days in the whole period> (<that number of days>)
TOP_PAYER: <the member charged the most in the whole period, hire charges plus late fees> (<that amount>)"""

TOOLS2 = {"pressure washer": 1400, "tile cutter": 900, "cement mixer": 2200, "carpet cleaner": 1800,
          "hedge trimmer": 800, "long ladder": 600, "floor sander": 2500, "wallpaper steamer": 1000}
MEMBERS2 = ["Imogen Hart", "Omar Said", "Luca Ferri", "Beatrix Lund", "Kwame Mensah", "Dara Quinn",
            "Sunita Rao", "Tomas Novak", "Ewa Kowal", "Felix Brandt", "Grace Okafor", "Hamid Karimi"]
HOLS_2026 = {dt.date(2026, 4, 3): "Good Friday", dt.date(2026, 4, 6): "Easter Monday",
             dt.date(2026, 5, 4): "May Day", dt.date(2026, 5, 25): "Spring bank holiday"}


def tool_world() -> HireWorld:
    return hire_world(2401, 150, MEMBERS2, {"Omar Said", "Beatrix Lund", "Kwame Mensah", "Ewa Kowal"}, TOOLS2,
                      {"cement mixer", "floor sander"}, dt.date(2026, 4, 1), dt.date(2026, 5, 30), HOLS_2026, 9)


HIRE_KEYS = ["rate", "join_gold", "leave_gold", "waive", "cancel", "return", "member", "minimum", "cap"]


@spec("s1.prose.frontier.01")
def tool_spec() -> Spec:
    w = tool_world()
    who, item = w.amend["member"][1], "pressure washer"
    src = (wrap("Brookfield Tool Library, members' ledger, April and May 2026 (1 April 2026 was a Wednesday). "
                "The rules are from the members' handbook; the loans are copied from the counter book in order "
                "of collection. Every member paid a refundable £50 deposit when joining; deposits are never part "
                "of any charge.")
           + "\n\n" + hire_rules(w, "loan", "shop") + "\n\nLOANS:\n" + hire_records(w, "collected")
           + "\n\nAmendments noted by the treasurer at the end of May (they override anything above):\n"
           + hire_amend_text(w, "loan"))
    head = HIRE_HEAD.format(title="tool library ledger", noun="loan", who=who, item=item)
    return Spec("s1.prose.frontier.01", "frontier", head, src,
                lambda skip: hire_answers(w, skip, who, item), HIRE_KEYS,
                "Multi-hop over a ~3,000-word ledger of 150 seeded loans (12 members, 8 tools, two months): closed "
                "Sundays and four bank holidays, a 2-day minimum, a late-fee cap, Gold discounts and nine "
                "amendments by loan id (rate change, plan join/leave, waivers, cancellations, corrected returns, "
                "a re-booked member) feed seven exact aggregates; est. blind success 15-30%.")


# ---- Engine B: shift rota (prose.frontier.08, prose.expert.08) --------------------------------------------
@dataclass
class RotaWorld:
    seed: int
    rates: dict[str, int]  # pence per hour, multiples of 8
    sites: list[str]
    allowance_site: str  # +£1.00 per paid hour there
    shifts: list[dict] = field(default_factory=list)
    amend: dict = field(default_factory=dict)


def rota_world(seed: int, rates: dict[str, int], sites: list[str], first: dt.date, ndays: int,
               per_site: int) -> RotaWorld:
    rng = random.Random(seed)
    w = RotaWorld(seed, rates, sites, sites[-1])
    staff = list(rates)
    k = 0
    for dn in range(ndays):
        date = first + dt.timedelta(days=dn)
        busy: set[str] = set()
        for site in sites:
            n = per_site if rng.random() < 0.8 else per_site + 1
            t0 = rng.choice([390, 405, 420, 435, 450])
            for j in range(n):
                name = rng.choice([s for s in staff if s not in busy])
                busy.add(name)
                start = t0 + j * rng.choice([270, 300, 330, 360, 390, 420]) if n == 2 else t0 + j * rng.choice([210, 240, 270])
                start -= start % 15
                length = rng.choice([300, 345, 360, 375, 420, 450, 480, 510, 540, 570])
                end = min(start + length, 22 * 60 + 30)
                k += 1
                w.shifts.append({"id": f"S{k:03d}", "date": date, "site": site, "name": name,
                                 "start": start, "end": end})
    ids = [s["id"] for s in w.shifts]
    byid = {s["id"]: s for s in w.shifts}
    sundays = sorted({s["date"] for s in w.shifts if s["date"].weekday() == 6})
    weekdays = sorted({s["date"] for s in w.shifts if s["date"].weekday() < 5})
    a, b = rng.sample(ids, 2)
    while byid[a]["name"] == byid[b]["name"] or byid[a]["date"] == byid[b]["date"]:
        a, b = rng.sample(ids, 2)
    closed = (rng.choice(weekdays[3:]), rng.choice(sites))
    late_fix = rng.choice([i for i in ids if byid[i]["end"] < 20 * 60 and byid[i]["date"].weekday() < 6])
    early_fix = rng.choice([i for i in ids if byid[i]["start"] >= 8 * 60])
    cover = rng.choice(ids)
    cover_by = rng.choice([n for n in staff if n not in {s["name"] for s in w.shifts
                                                          if s["date"] == byid[cover]["date"]}] or staff)
    noshow = rng.choice(ids)
    raise_who = rng.choice(staff)
    fixed = [a, b, late_fix, early_fix, cover, noshow]
    assert len(set(fixed)) == len(fixed) and all((byid[i]["date"], byid[i]["site"]) != closed for i in fixed)
    w.amend = {
        "raise": (raise_who, rng.choice(weekdays[len(weekdays) // 3:]), rates[raise_who] + rng.choice([40, 80, 120])),
        "swap": (a, b), "closed": closed,
        "late_end": (late_fix, min(22 * 60 + 30, max(20 * 60 + 15, byid[late_fix]["end"] + 150) // 15 * 15)),
        "early_start": (early_fix, byid[early_fix]["start"] - 60),
        "cover": (cover, cover_by), "noshow": noshow, "sundays": sundays,
    }
    return w


def rota_run(w: RotaWorld, skip: set[str]) -> dict[str, dict[str, int]]:
    am = w.amend
    shifts = [dict(s) for s in w.shifts]
    byid = {s["id"]: s for s in shifts}
    if "swap" not in skip and "swap" in am:
        a, b = am["swap"]
        byid[a]["name"], byid[b]["name"] = byid[b]["name"], byid[a]["name"]
    if "late_end" not in skip and "late_end" in am:
        byid[am["late_end"][0]]["end"] = am["late_end"][1]
    if "early_start" not in skip and "early_start" in am:
        byid[am["early_start"][0]]["start"] = am["early_start"][1]
    if "cover" not in skip and "cover" in am:
        byid[am["cover"][0]]["name"] = am["cover"][1]
    if "noshow" not in skip and "noshow" in am:
        shifts.remove(byid[am["noshow"]])
    for s in shifts:
        s["cancelled"] = "closed" not in skip and "closed" in am and (s["date"], s["site"]) == am["closed"]
    openers = set()
    for key in {(s["date"], s["site"]) for s in shifts}:
        live = [s for s in shifts if (s["date"], s["site"]) == key and not s["cancelled"]]
        if live:
            t = min(s["start"] for s in live)
            firsts = [s for s in live if s["start"] == t]
            if "opener" not in skip:
                for s in firsts:  # a shared earliest start: each of them opens
                    openers.add(s["id"])
    per = {n: {"pay": 0, "minutes": 0, "evening": 0, "sunday": 0, "opens": 0} for n in w.rates}
    for s in shifts:
        rate = w.rates[s["name"]]
        if "raise" not in skip and "raise" in am and s["name"] == am["raise"][0] and s["date"] >= am["raise"][1]:
            rate = am["raise"][2]
        p = per[s["name"]]
        if s["cancelled"]:
            p["pay"] += 4 * rate
            p["minutes"] += 240
            continue
        length = s["end"] - s["start"]
        paid = length - 30 if (length > 360 and "break" not in skip) else length
        sunday = s["date"].weekday() == 6
        evening = 0 if sunday else max(0, s["end"] - max(s["start"], 20 * 60))
        base = paid * rate * (3 if sunday else 2)
        assert base % 120 == 0
        pay = base // 120 + evening * 200 // 60
        if s["site"] == w.allowance_site and "allowance" not in skip:
            pay += paid * 100 // 60
        if s["id"] in openers:
            pay += 500
            p["opens"] += 1
        p["pay"] += pay
        p["minutes"] += paid
        p["evening"] += evening
        p["sunday"] += pay if sunday else 0
    return per


def _t(m: int) -> str:
    return f"{m // 60:02d}:{m % 60:02d}"


def rota_records(w: RotaWorld) -> str:
    return "\n".join(f"{s['id']}. {day(s['date'])}, {s['site']}: {s['name']} worked {_t(s['start'])}-{_t(s['end'])}."
                     for s in w.shifts)


def rota_rules(w: RotaWorld) -> str:
    rates = ", ".join(f"{n} {money_c(r)}" for n, r in w.rates.items())
    return wrap(
        f"Pay rules (from the staff handbook). Hourly rates: {rates}. A shift's paid time is its length, less an "
        f"unpaid 30-minute break if the shift is longer than 6 hours (a shift of exactly 6 hours has no break); "
        f"the break is always taken before 20:00. Evening premium: every paid minute worked after 20:00 earns an "
        f"extra £2.00 an hour on top of the rate (so 45 minutes after 20:00 earn £1.50 extra). Sundays: every "
        f"paid minute on a Sunday is paid at 1.5 times the hourly rate, and the evening premium does not apply "
        f"on Sundays. Site allowance: every paid minute at {w.allowance_site} earns an extra £1.00 an hour, on "
        f"every day including Sundays (it is never multiplied by 1.5). Opener supplement: at each site, the "
        f"person whose shift starts first that day receives a flat £5.00 for opening up; if two shifts there "
        f"share the earliest start, each of them receives it. There is no other pay: no overtime rate, no travel "
        f"money.")


def rota_amend_text(w: RotaWorld) -> str:
    am = {"swap": ("", ""), "late_end": ("", 0), "early_start": ("", 0), "cover": ("", ""), "noshow": "",
          **w.amend}
    who, when, rate = am["raise"]
    a, b = am["swap"]
    cd, cs = am["closed"]
    keys = ["raise", "swap", "closed", "late_end", "early_start", "cover", "noshow"]
    out = [f"{who}'s hourly rate rose to {money_c(rate)} from {day(when)}; earlier shifts keep the old rate.",
           f"{a} and {b} swapped workers: each person worked the other's shift exactly as written (same day, "
           f"site and times).",
           f"{cs} did not open on {day(cd)} (burst pipe). Every shift there that day was cancelled; each person "
           f"rostered there that day is paid 4 hours at their plain hourly rate instead, with no premium, no "
           f"allowance and no supplement, and nobody opened {cs} that day. The 4 hours count as paid hours.",
           f"{am['late_end'][0]} ended at {_t(am['late_end'][1])}, not as written.",
           f"{am['early_start'][0]} started at {_t(am['early_start'][1])}, not as written.",
           f"{am['cover'][0]} was worked by {am['cover'][1]} instead of the person written (same times).",
           f"Nobody worked {am['noshow']} (a no-show): it is unpaid, and the opener at that site that day is whoever "
           f"actually started first."]
    out = [x for k, x in zip(keys, out, strict=True) if k in w.amend]
    random.Random(w.seed + 1).shuffle(out)
    return "\n".join(f"{k}. {t}" for k, t in enumerate(out, 1))


def rota_answers(w: RotaWorld, skip: set[str], a: str, b: str, c: str) -> dict[str, str]:
    per = rota_run(w, skip)
    mins = {n: v["minutes"] for n, v in per.items()}
    top = max(mins.values())
    top_n = sorted(n for n, v in mins.items() if v == top)[0]
    return {
        f"{a.upper()}_PAY": money(per[a]["pay"]),
        f"{b.upper()}_PAY": money(per[b]["pay"]),
        "EVENING_HOURS": f"{sum(v['evening'] for v in per.values()) / 60:.2f}",
        "SUNDAY_PAY": money(sum(v["sunday"] for v in per.values())),
        f"{c.upper()}_OPENS": str(per[c]["opens"]),
        "TOTAL_PAY": money(sum(v["pay"] for v in per.values())),
        "MOST_HOURS": f"{top_n} ({top / 60:.2f})",
    }


ROTA_HEAD = """\
Answer questions about the café timesheet below. Use the pay rules, the shifts and the corrections at the
end (the corrections override the rota). You may show your working first; then end your answer with exactly
these labelled lines, in this order. Write amounts in pounds with two decimals and no thousands separator
(for example 412.35), hours as decimal hours with two decimals (for example 7.75), counts as whole numbers.
A tie for MOST_HOURS goes to the name that comes first in the alphabet.
{a}_PAY: <{a}'s total pay for the whole period>
{b}_PAY: <{b}'s total pay for the whole period>
EVENING_HOURS: <the total paid hours worked after 20:00 by everyone, on days other than Sundays>
SUNDAY_PAY: <the total pay of all Sunday shifts, including any supplements and allowances on them>
{c}_OPENS: <how many opener supplements {c} receives>
TOTAL_PAY: <the total pay of everyone for the whole period>
MOST_HOURS: <the person with the most paid hours, cancelled-day hours included> (<those hours>)"""
ROTA_KEYS = ["raise", "swap", "closed", "late_end", "early_start", "cover", "noshow", "break", "allowance",
             "opener"]


@spec("s1.prose.frontier.08")
def rota_spec() -> Spec:
    rates = {"Ana": 1240, "Ben": 1320, "Chloe": 1280, "Dev": 1200, "Elif": 1360, "Farid": 1240, "Gus": 1168,
             "Hana": 1440, "Ivo": 1200}
    w = rota_world(2408, rates, ["Harbour", "Mill Lane", "Station Yard"], dt.date(2026, 2, 2), 28, 2)
    src = (wrap("Kettle & Crumb cafés, timesheet for four weeks, Monday 2 February to Sunday 1 March 2026. Three "
                "sites: Harbour, Mill Lane and Station Yard. Times are 24-hour clock, start-end; every shift starts "
                "and ends on the same day.")
           + "\n\n" + rota_rules(w) + "\n\nSHIFTS:\n" + rota_records(w)
           + "\n\nCorrections from the manager, entered after the rota was closed (they override the rota):\n"
           + rota_amend_text(w))
    a, b = "Chloe", "Gus"
    head = ROTA_HEAD.format(a=a, b=b, c="Hana").replace(f"{a}_PAY:", f"{a.upper()}_PAY:").replace(
        f"{b}_PAY:", f"{b.upper()}_PAY:").replace("Hana_OPENS:", "HANA_OPENS:")
    return Spec("s1.prose.frontier.08", "frontier", head, src, lambda skip: rota_answers(w, skip, a, b, "Hana"),
                ROTA_KEYS,
                "Multi-hop over a ~2,500-word four-week rota of ~180 seeded shifts at three sites: breaks, evening "
                "premium, Sunday rate, a site allowance, opener supplements with a shared-start rule and seven "
                "corrections by shift id (rate rise, swap, closed site-day, two time fixes, a cover, a no-show) "
                "feed seven exact figures; est. blind success 15-25%.")


# ---- Engine C: FIFO stock ledger (prose.frontier.07) -----------------------------------------------------
STOCK2_PRODUCTS = {"lantern": (620, 1450), "kettle": (1480, 2990), "blanket": (910, 2200), "flask": (540, 1250)}


def stock2_world(seed: int, n: int) -> dict:
    rng = random.Random(seed)
    lots = {p: [(f"O-{p[0].upper()}", rng.choice([20, 30, 40]), c)] for p, (c, _) in STOCK2_PRODUCTS.items()}
    events = []
    on_hand = {p: lots[p][0][1] for p in STOCK2_PRODUCTS}
    date = dt.date(2026, 3, 2)
    nd = ns = nw = 0
    for _ in range(n):
        date += dt.timedelta(days=rng.choice([0, 0, 1, 1, 2]))
        while date.weekday() == 6:
            date += dt.timedelta(days=1)
        p = rng.choice(list(STOCK2_PRODUCTS))
        cost, price = STOCK2_PRODUCTS[p]
        r = rng.random()
        if on_hand[p] < 15 or r < 0.2:
            nd += 1
            q = rng.choice([12, 15, 18, 20, 24, 30])
            c = cost + rng.choice([-40, -20, 0, 10, 30, 50, 70])
            events.append({"id": f"D{nd:02d}", "date": date, "kind": "in", "p": p, "q": q, "cost": c})
            on_hand[p] += q
        elif r < 0.25:
            nw += 1
            q = rng.choice([1, 2, 3])
            events.append({"id": f"W{nw:02d}", "date": date, "kind": "writeoff", "p": p, "q": q})
            on_hand[p] -= q
        else:
            ns += 1
            q = rng.choice([2, 3, 4, 5, 6, 8, 10])
            pr = price - rng.choice([0, 0, 0, 100, 200])
            events.append({"id": f"S{ns:03d}", "date": date, "kind": "sale", "p": p, "q": q, "price": pr})
            on_hand[p] -= q
    dels = [e for e in events if e["kind"] == "in"]
    sales = [e for e in events if e["kind"] == "sale"]
    fix_cost = rng.sample(dels[2:-4], 2)
    ret = rng.choice(dels[3:-6])
    cancel, requant = rng.sample(sales, 2), rng.sample(sales, 4)
    requant = [e for e in requant if e not in cancel][:2]
    am = {"cost": {e["id"]: e["cost"] + rng.choice([-60, -30, 30, 60]) for e in fix_cost},
          "cancel": [e["id"] for e in cancel],
          "qty": {e["id"]: e["q"] + rng.choice([-1, 1, 2]) for e in requant},
          "return": (ret["id"], rng.choice([3, 4, 5]), events[events.index(ret) + 4]["date"])}
    return {"open": lots, "events": events, "amend": am, "seed": seed}


def stock2_run(w: dict, skip: set[str]) -> dict:
    am = w["amend"]
    lots = {p: [list(x) for x in v] for p, v in w["open"].items()}
    out = {p: {"rev": 0, "cogs": 0, "wo": 0, "sold": 0} for p in STOCK2_PRODUCTS}
    pending = None if "return" in skip else am["return"]

    def do_return() -> None:
        lid, q, _ = pending
        hit = [lot for v in lots.values() for lot in v if lot[0] == lid]
        assert hit and hit[0][1] >= q, "the supplier return exceeds what is left of the lot"
        hit[0][1] -= q

    for e in w["events"]:
        if pending and e["date"] > pending[2]:
            do_return()
            pending = None
        p = e["p"]
        if e["kind"] == "in":
            c = e["cost"] if "cost" in skip else am["cost"].get(e["id"], e["cost"])
            lots[p].append([e["id"], e["q"], c])
            continue
        if e["kind"] == "sale" and "cancel" not in skip and e["id"] in am["cancel"]:
            continue
        q = am["qty"].get(e["id"], e["q"]) if "qty" not in skip and e["kind"] == "sale" else e["q"]
        order = lots[p][::-1] if "fifo" in skip else lots[p]
        cost, need = 0, q
        for lot in order:
            take = min(need, lot[1])
            cost += take * lot[2]
            lot[1] -= take
            need -= take
        assert need == 0, "stock went negative"
        lots[p] = [lot for lot in lots[p] if lot[1]]
        if e["kind"] == "sale":
            out[p]["rev"] += q * e["price"]
            out[p]["cogs"] += cost
            out[p]["sold"] += q
        else:
            out[p]["wo"] += cost
    if pending:
        do_return()
    for p in lots:
        out[p]["units"] = sum(x[1] for x in lots[p])
        out[p]["value"] = sum(x[1] * x[2] for x in lots[p])
    return out


def stock2_records(w: dict) -> str:
    lines = []
    for e in w["events"]:
        if e["kind"] == "in":
            lines.append(f"{e['id']}. {day(e['date'])}: delivery of {e['q']} {e['p']}s at {money_c(e['cost'])} "
                         f"each (lot {e['id']}).")
        elif e["kind"] == "sale":
            lines.append(f"{e['id']}. {day(e['date'])}: sold {e['q']} {e['p']}s at {money_c(e['price'])} each.")
        else:
            lines.append(f"{e['id']}. {day(e['date'])}: wrote off {e['q']} damaged {e['p']}"
                         f"{'s' if e['q'] > 1 else ''}.")
    return "\n".join(lines)


def stock2_amend(w: dict) -> str:
    am = w["amend"]
    out = [f"The invoice for lot {k} was corrected: its unit cost is {money_c(v)}, not as entered. The corrected "
           f"cost applies to every unit of that lot." for k, v in am["cost"].items()]
    out += [f"Sale {k} was cancelled before the goods left the shop: no revenue, and no stock moves."
            for k in am["cancel"]]
    out += [f"Sale {k} was for {v} units, not as entered (same unit price)." for k, v in am["qty"].items()]
    lid, q, when = am["return"]
    out.append(f"At the close of {day(when)}, after that day's movements, {q} units from lot {lid} were sent back to "
               f"the supplier for a refund at cost; they leave stock at that lot's cost and are neither sold nor "
               f"written off.")
    random.Random(w["seed"] + 1).shuffle(out)
    return "\n".join(f"({chr(97 + k)}) {t}" for k, t in enumerate(out))


STOCK2_RULES = """\
Costing rules. Stock is costed first-in, first-out for each product separately: a sale or a write-off takes
units from the oldest lot that still has units, moving to the next lot when one runs out, and the cost of
those units is the cost of sales (for a sale) or the write-off cost (for a write-off). Movements on the same
day happen in the order listed. Revenue is units sold times the sale price. Gross profit is revenue minus
cost of sales; write-offs are not part of cost of sales. Opening lots (in stock on 1 March): {opening}."""

STOCK2_HEAD = """\
Answer questions about the shop's stock ledger below. Use the costing rules, the movements and the
corrections at the end (the corrections override anything before them). You may show your working first;
then end your answer with exactly these labelled lines, in this order. Write amounts in pounds with two
decimals and no thousands separator (for example 1843.20), and counts as whole numbers.
KETTLE_COGS: <the total cost of sales of kettles>
LANTERN_STOCK_VALUE: <the cost value of the lanterns still in stock at the end>
BLANKET_UNITS: <the number of blankets still in stock at the end>
WRITE_OFF_COST: <the total write-off cost, all products>
TOTAL_REVENUE: <the total revenue, all products>
GROSS_PROFIT: <the total gross profit, all products>
BEST_PRODUCT: <the product with the highest gross profit> (<that gross profit>)"""


def stock2_answers(w: dict, skip: set[str]) -> dict[str, str]:
    o = stock2_run(w, skip)
    gp = {p: v["rev"] - v["cogs"] for p, v in o.items()}
    best = max(gp, key=lambda p: gp[p])
    assert list(gp.values()).count(gp[best]) == 1
    return {
        "KETTLE_COGS": money(o["kettle"]["cogs"]),
        "LANTERN_STOCK_VALUE": money(o["lantern"]["value"]),
        "BLANKET_UNITS": str(o["blanket"]["units"]),
        "WRITE_OFF_COST": money(sum(v["wo"] for v in o.values())),
        "TOTAL_REVENUE": money(sum(v["rev"] for v in o.values())),
        "GROSS_PROFIT": money(sum(gp.values())),
        "BEST_PRODUCT": f"{best} ({money(gp[best])})",
    }


@spec("s1.prose.frontier.07")
def stock2_spec() -> Spec:
    w = stock2_world(2407, 160)
    opening = "; ".join(f"{p}s: lot {lots[0][0]}, {lots[0][1]} units at {money_c(lots[0][2])}"
                        for p, lots in w["open"].items())
    src = (wrap("Harbourside Outfitters, stock ledger for the spring, from Monday 2 March 2026, four products. "
                "The ledger lists deliveries (each delivery is a lot, named by its id), sales and write-offs in "
                "the order they happened.")
           + "\n\n" + wrap(STOCK2_RULES.format(opening=opening)) + "\n\nMOVEMENTS:\n" + stock2_records(w)
           + "\n\nCorrections entered by the bookkeeper afterwards (they override the ledger):\n" + stock2_amend(w))
    return Spec("s1.prose.frontier.07", "frontier", STOCK2_HEAD, src, lambda skip: stock2_answers(w, skip),
                ["cost", "cancel", "qty", "return", "fifo"],
                "Very long state tracking over a ~2,500-word ledger of 160 seeded movements (4 products, ~25 "
                "lots): per-product FIFO costing across lot boundaries, write-offs, two corrected lot costs, two "
                "cancelled and two re-quantified sales and a supplier return from a named lot; seven exact "
                "figures; est. blind success 10-25%.")


# ---- Engine D: league season (prose.frontier.04) ----------------------------------------------------------
TEAMS2 = ["Ashford", "Brill", "Corran", "Dunmere", "Elstow", "Fenwick", "Garth", "Holme", "Ivybridge", "Jesmond"]


def league2_world(seed: int) -> dict:
    rng = random.Random(seed)
    n = len(TEAMS2)
    order = list(range(n))
    rng.shuffle(order)
    rounds = []
    for _ in range(n - 1):
        rounds.append([(order[i], order[n - 1 - i]) for i in range(n // 2)])
        order = [order[0], order[-1], *order[1:-1]]
    rounds += [[(b, a) for a, b in r] for r in rounds]
    weights = [28, 32, 22, 11, 5, 2]
    start = dt.date(2025, 9, 6)
    matches = []
    for rno, r in enumerate(rounds, 1):
        date = start + dt.timedelta(days=7 * (rno - 1))
        for a, b in r:
            matches.append({"id": f"M{len(matches) + 1:03d}", "round": rno, "date": date, "h": TEAMS2[a],
                            "a": TEAMS2[b], "x": rng.choices(range(6), weights)[0],
                            "y": rng.choices(range(6), weights)[0], "att": rng.randrange(380, 2400)})
    ids = [m["id"] for m in matches]
    big = [m["id"] for m in matches if max(m["x"], m["y"]) >= 4]
    first = rng.choice(big)
    pick = [first, *rng.sample([i for i in ids if i != first], 5)]
    byid = {m["id"]: m for m in matches}
    fix = byid[pick[2]]
    am = {"award": [(pick[0], "a"), (pick[1], "h")],
          "score": (pick[2], fix["y"], fix["x"]) if fix["x"] != fix["y"] else (pick[2], fix["x"] + 1, fix["y"]),
          "void": pick[3], "deduct": (rng.choice(TEAMS2), rng.choice([3, 4, 6])),
          "att": (pick[4], byid[pick[4]]["att"] + rng.choice([-300, 200, 500]))}
    return {"matches": matches, "amend": am, "seed": seed}


def league2_run(w: dict, skip: set[str]) -> dict:
    am = w["amend"]
    st = {t: {"pts": 0, "gf": 0, "ga": 0, "bonus": 0, "att": 0, "w": 0} for t in TEAMS2}
    draws = 0
    for m in w["matches"]:
        x, y, att, awarded = m["x"], m["y"], m["att"], False
        if "void" not in skip and m["id"] == am["void"]:
            continue
        if "score" not in skip and m["id"] == am["score"][0]:
            x, y = am["score"][1], am["score"][2]
        for mid, side in am["award"]:
            if "award" not in skip and m["id"] == mid:
                (x, y), awarded = ((3, 0) if side == "h" else (0, 3)), True
        if "att" not in skip and m["id"] == am["att"][0]:
            att = am["att"][1]
        h, a = st[m["h"]], st[m["a"]]
        h["att"] += att
        h["gf"] += x
        h["ga"] += y
        a["gf"] += y
        a["ga"] += x
        if x > y:
            h["pts"] += 3
            h["w"] += 1
        elif y > x:
            a["pts"] += 3
            a["w"] += 1
        else:
            h["pts"] += 1
            a["pts"] += 1
            draws += 1
        if not awarded or "bonus_rule" in skip:  # the near miss keeps the played score's bonus points
            for s, g in ((h, m["x"] if awarded else x), (a, m["y"] if awarded else y)):
                if g >= 4:
                    s["pts"] += 1
                    s["bonus"] += 1
    if "deduct" not in skip:
        st[am["deduct"][0]]["pts"] -= am["deduct"][1]
    order = sorted(TEAMS2, key=lambda t: (-st[t]["pts"], -(st[t]["gf"] - st[t]["ga"]), -st[t]["gf"], t))
    return {"st": st, "order": order, "draws": draws}


LEAGUE2_RULES = """\
Points: 3 for a win, 1 for a draw, 0 for a loss. Bonus: a team that scores 4 or more goals in a match earns
1 extra point from that match, whether it wins, draws or loses; an awarded result never carries a bonus
point for either side. An awarded result counts as a 3-0 win for the side it is awarded to, in points and
in goals. A void match counts for nothing (no points, no goals, no attendance, not a draw). The table is
ordered by points, then goal difference (goals for minus goals against), then goals scored, then
alphabetically by team name. Attendance is counted for the home team."""

LEAGUE2_HEAD = """\
Answer questions about the league season below. Use the rules, the results and the league's rulings at
the end (the rulings override the results). You may show your working first; then end your answer with
exactly these labelled lines, in this order. Write a goal difference with its sign (for example +7, -3 or
0), and counts and points as whole numbers without separators.
CHAMPION: <the team top of the final table> (<its points>)
BOTTOM: <the team bottom of the final table> (<its points>)
{t1}_POSITION: <{t1c}'s final position, 1 to 10>
{t2}_GD: <{t2c}'s final goal difference>
BONUS_POINTS: <the total number of bonus points earned by all teams>
DRAWS: <the number of drawn matches that count>
TOTAL_ATTENDANCE: <the total attendance of all matches that count>"""


def league2_answers(w: dict, skip: set[str], t1: str, t2: str) -> dict[str, str]:
    r = league2_run(w, skip)
    st, order = r["st"], r["order"]
    gd = st[t2]["gf"] - st[t2]["ga"]
    return {"CHAMPION": f"{order[0]} ({st[order[0]]['pts']})", "BOTTOM": f"{order[-1]} ({st[order[-1]]['pts']})",
            f"{t1.upper()}_POSITION": str(order.index(t1) + 1),
            f"{t2.upper()}_GD": f"{gd:+d}" if gd else "0",
            "BONUS_POINTS": str(sum(v["bonus"] for v in st.values())), "DRAWS": str(r["draws"]),
            "TOTAL_ATTENDANCE": str(sum(v["att"] for v in st.values()))}


def league2_source(w: dict) -> str:
    am = w["amend"]
    lines = [f"{m['id']}. {day(m['date'])}, round {m['round']}: {m['h']} {m['x']}-{m['y']} {m['a']}, "
             f"attendance {m['att']:,}." for m in w["matches"]]
    by = {m["id"]: m for m in w["matches"]}
    rul = []
    for mid, side in am["award"]:
        m = by[mid]
        win = m["h"] if side == "h" else m["a"]
        rul.append(f"{mid} ({m['h']} v {m['a']}): the other side fielded an ineligible player; the match is "
                   f"awarded to {win}. Its attendance stands.")
    mid, x, y = am["score"]
    rul.append(f"{mid} was entered wrongly: the score was {by[mid]['h']} {x}-{y} {by[mid]['a']}.")
    m = by[am["void"]]
    rul.append(f"{am['void']} ({m['h']} v {m['a']}) was abandoned after a floodlight failure and is void; it was "
               f"not replayed.")
    t, p = am["deduct"]
    rul.append(f"{t} are deducted {p} points for a breach of the financial rules.")
    mid, att = am["att"]
    rul.append(f"The attendance at {mid} was {att:,}, not as entered.")
    random.Random(w["seed"] + 1).shuffle(rul)
    return ("Vale Ten League, season 2025-26. Each of the ten teams plays every other team twice, once at home "
            "and once away; results are listed with the home team first.\n\n" + LEAGUE2_RULES + "\n\nRESULTS:\n"
            + "\n".join(lines) + "\n\nRulings of the league board (they override the results above):\n"
            + "\n".join(f"({chr(97 + k)}) {t}" for k, t in enumerate(rul)))


LEAGUE2_KEYS = ["award", "score", "void", "deduct", "att", "bonus_rule"]


def league2_teams(w: dict) -> tuple[str, str]:
    by = {m["id"]: m for m in w["matches"]}
    return w["amend"]["deduct"][0], by[w["amend"]["score"][0]]["a"]


def league2_ok(seed: int) -> bool:
    """Every ruling and the no-bonus-for-awards rule change an answer; the top two are not level on points."""
    w = league2_world(seed)
    t1, t2 = league2_teams(w)
    ref = league2_answers(w, set(), t1, t2)
    r = league2_run(w, set())
    pts = sorted((v["pts"] for v in r["st"].values()), reverse=True)
    return pts[0] != pts[1] and pts[-1] != pts[-2] and all(
        league2_answers(w, {k}, t1, t2) != ref for k in LEAGUE2_KEYS)


@spec("s1.prose.frontier.04")
def league2_spec() -> Spec:
    w = league2_world(next(s for s in range(2404, 4000) if league2_ok(s)))
    t1, t2 = league2_teams(w)
    head = LEAGUE2_HEAD.format(t1=t1.upper(), t1c=t1, t2=t2.upper(), t2c=t2)
    return Spec("s1.prose.frontier.04", "frontier", head, league2_source(w),
                lambda skip: league2_answers(w, skip, t1, t2), LEAGUE2_KEYS,
                "Multi-hop over a ~2,000-word 90-match season (ten teams) with bonus points, four tie-breaks and six "
                "rulings by match id (two awarded results without bonus, a corrected score, a void match, a points "
                "deduction, a corrected attendance) feeding seven exact table figures; est. blind success 15-30%.")


# ---- Engine E: car park ledger (prose.expert.02) ----------------------------------------------------------
def park2_fee(date: dt.date, a: int, b: int, skip: set[str]) -> int:
    if date.weekday() == 6:
        return 400
    if a >= 18 * 60:
        return 300
    first = 270 if date >= dt.date(2026, 6, 1) and "price" not in skip else 240
    halves = -(-max(0, b - a - 60) // 30)
    return first + 90 * halves if "cap" in skip else min(1100, first + 90 * halves)


def park2_world(seed: int, n: int) -> dict:
    rng = random.Random(seed)
    cars = ["KT21 ABX", "LM70 RFE", "YP19 HGC", "BD68 NWS", "GX22 OLM", "WR17 TZA", "SN71 KEP", "FJ20 DUV"]
    stays: list[tuple[dt.date, int, int, str]] = []
    while len(stays) < n:
        date = dt.date(2026, 5, 25) + dt.timedelta(days=rng.randrange(17))
        a = rng.choice([rng.randrange(7 * 60, 17 * 60), rng.randrange(7 * 60, 21 * 60)])
        b = min(23 * 60 + 50, a + rng.choice([rng.randrange(20, 240), rng.randrange(60, 600)]))
        car = rng.choice(cars)
        if all(not (d_ == date and c == car and a < b2 + 150 and a2 < b + 150) for d_, a2, b2, c in stays):
            stays.append((date, a, b, car))  # one car's stays on a day never overlap (and the fix fits)
    stays.sort()
    stays = [{"id": f"P{k:02d}", "date": d_, "a": a, "b": b, "car": c} for k, (d_, a, b, c) in enumerate(stays, 1)]
    ids = [s["id"] for s in stays]
    ex, vo, ow = rng.sample(ids, 3)
    byid = {s["id"]: s for s in stays}
    return {"stays": stays, "cars": cars, "seed": seed,
            "amend": {"exit": (ex, min(23 * 60 + 55, byid[ex]["b"] + rng.choice([47, 95, 130]))), "void": vo,
                      "owner": (ow, rng.choice([c for c in cars if c != byid[ow]["car"]]))}}


def park2_answers(w: dict, skip: set[str], car: str) -> dict[str, str]:
    am = w["amend"]
    fees = []
    for s in w["stays"]:
        b, c = s["b"], s["car"]
        if "void" not in skip and s["id"] == am["void"]:
            continue
        if "exit" not in skip and s["id"] == am["exit"][0]:
            b = am["exit"][1]
        if "owner" not in skip and s["id"] == am["owner"][0]:
            c = am["owner"][1]
        fees.append((s, c, park2_fee(s["date"], s["a"], b, skip)))
    per = {c: 0 for c in w["cars"]}
    for _, c, f in fees:
        per[c] += f
    top = max(per.values())
    top_c = sorted(c for c, v in per.items() if v == top)[0]
    return {"TOTAL_FEES": money(sum(f for *_, f in fees)), "CAR_TOTAL": money(per[car]),
            "CAPPED_STAYS": str(sum(1 for *_, f in fees if f == 1100)),
            "WEEKEND_FEES": money(sum(f for s, _, f in fees if s["date"].weekday() >= 5)),
            "TOP_CAR": f"{top_c} ({money(top)})"}


PARK2_HEAD = """\
Answer questions about the car park log below. Use the tariff, the stays and the corrections at the end
(the corrections override the log). You may show your working first; then end your answer with exactly
these five labelled lines, in this order. Write amounts in pounds with two decimals and no thousands
separator (for example 41.70), counts as whole numbers and number plates exactly as the log writes them.
A tie for TOP_CAR goes to the plate that comes first in alphabetical order.
TOTAL_FEES: <the total of all fees charged>
CAR_TOTAL: <the total fees charged to {car}>
CAPPED_STAYS: <how many stays are charged exactly the £11.00 maximum>
WEEKEND_FEES: <the total fees of stays that start on a Saturday or a Sunday>
TOP_CAR: <the plate charged the most in total> (<that amount>)"""


def park2_source(w: dict) -> str:
    am = w["amend"]
    lines = [f"{s['id']}. {day(s['date'])}: {s['car']} in {_t(s['a'])}, out {_t(s['b'])}." for s in w["stays"]]
    fixes = [f"{am['exit'][0]}: the exit barrier log shows the car left at {_t(am['exit'][1])}, not as written.",
             f"{am['void']}: the ticket machine failed and the stay is not charged.",
             f"{am['owner'][0]}: the camera misread the plate; the car was {am['owner'][1]}, which is charged."]
    return (wrap("Westgate car park, pay-on-exit log, Monday 25 May to Wednesday 10 June 2026. Tariff:\n\n"
                 + PARK_TARIFF.replace("\n", " ")) + "\n\nSTAYS:\n" + "\n".join(lines)
            + "\n\nCorrections from the operator (they override the log):\n" + "\n".join(fixes))


PARK2_KEYS = ["exit", "void", "owner", "price", "cap"]


def park2_ok(seed: int) -> bool:
    """Every correction and rule changes an answer."""
    w = park2_world(seed, 48)
    car = w["amend"]["owner"][1]
    ref = park2_answers(w, set(), car)
    return all(park2_answers(w, {k}, car) != ref for k in PARK2_KEYS)


@spec("s1.prose.expert.02")
def park2_spec() -> Spec:
    w = park2_world(next(s for s in range(2302, 3000) if park2_ok(s)), 48)
    car = w["amend"]["owner"][1]
    return Spec("s1.prose.expert.02", "expert", PARK2_HEAD.format(car=car), park2_source(w),
                lambda skip: park2_answers(w, skip, car), PARK2_KEYS,
                "Multi-hop over a 48-stay car park log (eight plates, 17 days): a rounding-up half-hour tariff, a "
                "cap, evening and Sunday flat fees, a price change by date and three corrections by stay id feed "
                "five exact aggregates; est. blind success 65-80%.", 8192)


# ---- Engine B at expert scale (prose.expert.08) ----------------------------------------------------------
ROTA_SMALL_KEYS = ["raise", "swap", "closed", "cover", "break", "allowance", "opener"]
ROTA_SMALL_RATES = {"Maya": 1200, "Niall": 1280, "Olu": 1360, "Priya": 1240, "Rhys": 1168, "Sol": 1320}


def rota_small_world(seed: int) -> RotaWorld:
    w = rota_world(seed, ROTA_SMALL_RATES, ["Quay Street", "Riverside"], dt.date(2026, 11, 2), 13, 2)
    for k in ("late_end", "early_start", "noshow", "sundays"):
        w.amend.pop(k)
    return w


def rota_small_answers(w: RotaWorld, skip: set[str]) -> dict[str, str]:
    per = rota_run(w, skip)
    mins = {n: v["minutes"] for n, v in per.items()}
    top = max(mins.values())
    top_n = sorted(n for n, v in mins.items() if v == top)[0]
    return {"NIALL_PAY": money(per["Niall"]["pay"]),
            "EVENING_HOURS": f"{sum(v['evening'] for v in per.values()) / 60:.2f}",
            "SUNDAY_PAY": money(sum(v["sunday"] for v in per.values())),
            "TOTAL_PAY": money(sum(v["pay"] for v in per.values())),
            "MOST_HOURS": f"{top_n} ({top / 60:.2f})"}


def rota_small_ok(seed: int) -> bool:
    w = rota_small_world(seed)
    ref = rota_small_answers(w, set())
    return 45 <= len(w.shifts) <= 60 and all(rota_small_answers(w, {k}) != ref for k in ROTA_SMALL_KEYS)


ROTA_SMALL_HEAD = """\
Answer questions about the bakery timesheet below. Use the pay rules, the shifts and the corrections at the
end (the corrections override the rota). You may show your working first; then end your answer with
exactly these five labelled lines, in this order. Write amounts in pounds with two decimals and no
thousands separator (for example 412.35), hours as decimal hours with two decimals (for example 7.75). A
tie for MOST_HOURS goes to the name that comes first in the alphabet.
NIALL_PAY: <Niall's total pay for the whole period>
EVENING_HOURS: <the total paid hours worked after 20:00 by everyone, on days other than Sundays>
SUNDAY_PAY: <the total pay of all Sunday shifts, including any supplements and allowances on them>
TOTAL_PAY: <the total pay of everyone for the whole period>
MOST_HOURS: <the person with the most paid hours, cancelled-day hours included> (<those hours>)"""


@spec("s1.prose.expert.08")
def rota_small_spec() -> Spec:
    w = rota_small_world(next(s for s in range(2308, 4000) if rota_small_ok(s)))
    src = (wrap("Crumb & Co bakeries, timesheet for Monday 2 November to Saturday 14 November 2026. Two sites: "
                "Quay Street and Riverside. Times are 24-hour clock, start-end; every shift starts and ends on the "
                "same day.")
           + "\n\n" + rota_rules(w) + "\n\nSHIFTS:\n" + rota_records(w)
           + "\n\nCorrections from the manager, entered after the rota was closed (they override the rota):\n"
           + rota_amend_text(w))
    return Spec("s1.prose.expert.08", "expert", ROTA_SMALL_HEAD, src, lambda skip: rota_small_answers(w, skip),
                ROTA_SMALL_KEYS,
                "Multi-hop over a ~50-shift two-week bakery rota at two sites: breaks, evening premium, a Sunday "
                "rate, a site allowance, opener supplements and four corrections by shift id (rate rise, swap, "
                "closed site-day, a cover) feed five exact figures; est. blind success 65-80%.", 8192)


# ---- Engine F: customer account with payment allocation (prose.frontier.06) -----------------------------
def acct2_world(seed: int) -> dict:
    rng = random.Random(seed)
    start = dt.date(2026, 1, 5)
    invs, pays = [], []
    for _ in range(70):
        date = start + dt.timedelta(days=rng.randrange(150))
        invs.append({"id": "", "date": date, "amt": rng.randrange(120, 1800) * 100 + rng.choice([0, 0, 50, 25, 80])})
    invs.sort(key=lambda x: x["date"])
    for k, x in enumerate(invs, 1):
        x["id"] = f"INV-{300 + k}"
    total = sum(x["amt"] for x in invs)
    paid = 0
    while paid < total * 0.85:
        date = start + dt.timedelta(days=rng.randrange(10, 177))
        open_ = [x for x in invs if x["date"] <= date - dt.timedelta(days=5)]
        named = rng.choice(open_)["id"] if open_ and rng.random() < 0.45 else None
        amt = rng.randrange(300, 2600) * 100 + rng.choice([0, 0, 0, 50])
        pays.append({"id": "", "date": date, "amt": amt, "named": named})
        paid += amt
    pays.sort(key=lambda x: x["date"])
    for k, x in enumerate(pays, 1):
        x["id"] = f"P{k:02d}"
    credits = [{"id": f"CN-{k}", "date": x["date"] + dt.timedelta(days=rng.randrange(3, 12)), "inv": x["id"],
                "amt": x["amt"] // rng.choice([4, 5, 10]) // 100 * 100} for k, x in enumerate(rng.sample(invs[:50], 3), 1)]
    ids = [x["id"] for x in invs[5:60]]
    c1, c2 = rng.sample([i for i in ids if i not in {c["inv"] for c in credits}], 2)
    amt_fix = next(x for x in invs if x["id"] == c2)
    named_pays = [p for p in pays if p["named"]]
    b, r = rng.sample(pays[3:-3], 2)
    rp = rng.choice([p for p in named_pays if p not in (b, r)])
    am = {"cancel": c1, "amount": (c2, amt_fix["amt"] + rng.choice([-9000, -4500, 4500, 9000])),
          "bounce": b["id"], "date": (r["id"], r["date"] + dt.timedelta(days=rng.choice([3, 6, 9]))),
          "repoint": (rp["id"], rng.choice([x["id"] for x in invs if x["date"] < rp["date"] and x["id"] != rp["named"]]))}
    return {"invs": invs, "pays": pays, "credits": credits, "amend": am, "seed": seed,
            "statement": dt.date(2026, 6, 30)}


def acct2_run(w: dict, skip: set[str]) -> dict:
    am = w["amend"]
    invs = {}
    for x in w["invs"]:
        if "cancel" not in skip and x["id"] == am["cancel"]:
            continue
        amt = am["amount"][1] if "amount" not in skip and x["id"] == am["amount"][0] else x["amt"]
        invs[x["id"]] = {"date": x["date"], "due": x["date"] + dt.timedelta(days=30), "amt": amt, "left": amt,
                         "cleared": None}
    events = [(v["date"], 0, k, v["amt"], None, "inv") for k, v in invs.items()]
    for c in w["credits"]:
        events.append((c["date"], 1, c["id"], c["amt"], c["inv"], "credit"))
    for p in w["pays"]:
        if "bounce" not in skip and p["id"] == am["bounce"]:
            continue
        date = am["date"][1] if "date" not in skip and p["id"] == am["date"][0] else p["date"]
        named = am["repoint"][1] if "repoint" not in skip and p["id"] == am["repoint"][0] else p["named"]
        events.append((date, 2, p["id"], p["amt"], named, "pay"))
    events.sort(key=lambda e: (e[0], e[1], e[2]))
    receipts = {}
    unapplied = 0
    for date, _, eid, amt, named, kind in events:
        if date > w["statement"]:
            continue
        if kind == "inv":  # held cash goes to a new invoice on its issue day
            take = min(unapplied, invs[eid]["left"]) if "held_cash" not in skip else 0
            invs[eid]["left"] -= take
            unapplied -= take
            if invs[eid]["left"] == 0:
                invs[eid]["cleared"] = date
            continue
        if kind == "pay":
            receipts[eid] = (date, amt)
        live = sorted((k for k, v in invs.items() if v["left"] and v["date"] <= date),
                      key=lambda k: (invs[k]["date"], k))
        if kind == "credit":
            live = [named] if named in invs else []
        elif named in invs and invs[named]["left"] and "named_first" not in skip:
            live = [named] + [k for k in live if k != named]
        for k in live:
            take = min(amt, invs[k]["left"])
            invs[k]["left"] -= take
            amt -= take
            if invs[k]["left"] == 0:
                invs[k]["cleared"] = date
            if not amt:
                break
        unapplied += amt
    late = {k: v for k, v in invs.items() if v["due"] < w["statement"] and
            (v["cleared"] is None or v["cleared"] > v["due"])}
    fee = {k: max(1000, v["amt"] * 2 // 100) for k, v in late.items()}
    return {"invs": invs, "late": late, "fee": fee, "receipts": receipts, "unapplied": unapplied}


def acct2_answers(w: dict, skip: set[str]) -> dict[str, str]:
    r = acct2_run(w, skip)
    invs = r["invs"]
    open_ = sorted((k for k, v in invs.items() if v["left"]), key=lambda k: (invs[k]["date"], k))
    return {"OUTSTANDING": money(sum(v["left"] for v in invs.values())),
            "LATE_INVOICES": str(len(r["late"])),
            "LATE_FEES": money(sum(r["fee"].values())),
            "PAID_IN_FULL": str(sum(1 for v in invs.values() if v["left"] == 0)),
            "OLDEST_OPEN": f"{open_[0]} ({money(invs[open_[0]]['left'])})",
            "MAY_RECEIPTS": money(sum(a for d_, a in r["receipts"].values() if d_.month == 5)),
            "UNAPPLIED": money(r["unapplied"])}


ACCT2_RULES = """\
Terms and allocation rules. Every invoice is due 30 days after its date (an invoice dated 5 January is due
on 4 February). Payments and credit notes are applied on the day they are received, after that day's
invoices are entered, in this order each day: credit notes first, then payments in id order. A credit note
reduces only the invoice it names; any part of it beyond that invoice's unpaid balance is held as unapplied
cash (below). A payment that names an invoice goes first to that invoice (if it is
still open); whatever is left, and the whole of a payment that names no invoice or names an invoice that
is already paid or no longer exists, goes to the open invoices oldest first (by invoice date, then by
invoice number), each invoice being paid off before the next is touched. A payment can only pay invoices
dated on or before the day it is received; anything it cannot apply is held on the account as unapplied
cash, and held cash is applied to each new invoice on the day it is issued, before anything else that day
(invoices of one day in number order), as far as it goes. An invoice is paid in full on the day its balance reaches zero. The statement
is drawn up on 30 June 2026; anything received after that day is not in it. An invoice is late if its due
date is before 30 June and it was not paid in full on or before its due date; each late invoice carries a
late fee of 2% of its amount (rounded down to the penny), at least £10.00. Late fees are listed separately
and are never part of the balance of an invoice."""

ACCT2_HEAD = """\
Answer questions about the customer account below. Use the terms, the records and the corrections at the
end (the corrections override the records). You may show your working first; then end your answer with
exactly these labelled lines, in this order. Write amounts in pounds with two decimals and no thousands
separator (for example 1843.20), counts as whole numbers and invoice numbers exactly as written.
OUTSTANDING: <the total unpaid balance of all invoices on 30 June, without late fees>
LATE_INVOICES: <how many invoices are late>
LATE_FEES: <the total of the late fees>
PAID_IN_FULL: <how many invoices are paid in full by 30 June>
OLDEST_OPEN: <the oldest invoice (by date, then number) not paid in full on 30 June> (<its unpaid balance>)
MAY_RECEIPTS: <the total of payments received in May that count>
UNAPPLIED: <the unapplied cash held on the account at the end of 30 June>"""


def acct2_source(w: dict) -> str:
    am = w["amend"]
    recs = [(x["date"], 0, f"{x['id']}. {day(x['date'])}: invoice {x['id']} issued for {money_c(x['amt'])}.")
            for x in w["invs"]]
    recs += [(c["date"], 1, f"{c['id']}. {day(c['date'])}: credit note {c['id']} for {money_c(c['amt'])} "
              f"against {c['inv']}.") for c in w["credits"]]
    recs += [(p["date"], 2, f"{p['id']}. {day(p['date'])}: payment {p['id']} received, {money_c(p['amt'])}"
              + (f", remittance names {p['named']}." if p["named"] else ", no invoice named."))
             for p in w["pays"]]
    recs.sort(key=lambda r: (r[0], r[1], r[2]))
    fixes = [f"{am['cancel']} was cancelled: treat it as never issued (a payment naming it goes oldest first).",
             f"{am['amount'][0]} was keyed wrongly: its amount is {money_c(am['amount'][1])}.",
             f"Payment {am['bounce']} bounced: treat it as never received.",
             f"Payment {am['date'][0]} was received on {day(am['date'][1])}, not on the date written.",
             f"The remittance of payment {am['repoint'][0]} actually names {am['repoint'][1]}."]
    random.Random(w["seed"] + 1).shuffle(fixes)
    return (wrap("Brightwater Timber Ltd, account of Hollin & Daughters, builders: invoices, credit notes and "
                 "payments from January to June 2026, in date order.") + "\n\n" + wrap(ACCT2_RULES)
            + "\n\nRECORDS:\n" + "\n".join(r[2] for r in recs)
            + "\n\nCorrections from the credit controller (they override the records):\n"
            + "\n".join(f"({chr(97 + k)}) {t}" for k, t in enumerate(fixes)))


ACCT2_KEYS = ["cancel", "amount", "bounce", "date", "repoint", "named_first", "held_cash"]


def acct2_ok(seed: int) -> bool:
    w = acct2_world(seed)
    ref = acct2_answers(w, set())
    return all(acct2_answers(w, {k}) != ref for k in ACCT2_KEYS)


@spec("s1.prose.frontier.06")
def acct2_spec() -> Spec:
    w = acct2_world(next(s for s in range(2406, 4000) if acct2_ok(s)))
    return Spec("s1.prose.frontier.06", "frontier", ACCT2_HEAD, acct2_source(w), lambda skip: acct2_answers(w, skip),
                ACCT2_KEYS,
                "Very long state tracking over a ~2,000-word account of 70 invoices, ~45 payments and 3 credit "
                "notes under named-then-oldest-first allocation, with five corrections by id (cancellation, "
                "amount, bounce, receipt date, re-named remittance) feeding seven exact figures incl. lateness "
                "dates; est. blind success 10-25%.")


# ---- Engine G: guest-house bookings (prose.frontier.11) ---------------------------------------------------
ROOM_RATES = {"single": 6200, "double": 8800, "family": 12000}
GUESTS = ["Aldous", "Bexley", "Carver", "Delacroix", "Ellery", "Fairbairn", "Gillespie", "Hartigan", "Iqbal",
          "Jarvis", "Kemble", "Lorimer", "Mbeki", "Nordahl"]


def inn_world(seed: int, n: int) -> dict:
    rng = random.Random(seed)
    first = dt.date(2026, 4, 1)
    bks = []
    for _ in range(n):
        arr = first + dt.timedelta(days=rng.randrange(56))
        nights = rng.choice([1, 1, 2, 2, 2, 3, 3, 4, 5, 7, 8])
        kind = rng.choice(["single", "double", "double", "family"])
        guests = {"single": 1, "double": rng.choice([1, 2, 2]), "family": rng.choice([2, 3, 4])}[kind]
        booked = arr - dt.timedelta(days=rng.randrange(5, 60))
        cancel = arr - dt.timedelta(days=rng.randrange(1, 30)) if rng.random() < 0.12 else None
        if cancel and cancel <= booked:
            cancel = None
        bks.append({"booked": booked, "guest": rng.choice(GUESTS), "kind": kind, "guests": guests, "arr": arr,
                    "dep": arr + dt.timedelta(days=nights), "bf": rng.random() < 0.6, "cancel": cancel})
    bks.sort(key=lambda b: (b["booked"], b["arr"]))
    for k, b in enumerate(bks, 1):
        b["id"] = f"B{k:03d}"
    live = [b for b in bks if not b["cancel"]]
    a, c, e, g = rng.sample(live, 4)
    h = rng.choice([b for b in live if b["kind"] == "family" and b["guests"] < 4 and b not in (a, c, e, g)])
    am = {"rate": (dt.date(2026, 5, 1), ROOM_RATES["double"] + 600),
          "dep": (a["id"], a["dep"] + dt.timedelta(days=rng.choice([-1, 1, 2])) if a["dep"] - a["arr"] > dt.timedelta(1)
                  else a["dep"] + dt.timedelta(days=2)),
          "cancel": (c["id"], c["arr"] - dt.timedelta(days=rng.choice([3, 6, 10]))),
          "guest": (e["id"], rng.choice([x for x in GUESTS if x != e["guest"]])),
          "bf": (g["id"], not g["bf"]),
          "extra": (h["id"], h["guests"] + 1)}
    return {"bks": bks, "amend": am, "seed": seed}


def inn_run(w: dict, skip: set[str]) -> dict:
    am = w["amend"]
    out = {"room": 0, "bf": 0, "cfee": 0, "per": {g: 0 for g in GUESTS}, "nights": 0, "occ": {}}
    for b0 in w["bks"]:
        b = dict(b0)
        if "dep" not in skip and b["id"] == am["dep"][0]:
            b["dep"] = am["dep"][1]
        if "cancel" not in skip and b["id"] == am["cancel"][0]:
            b["cancel"] = am["cancel"][1]
        if "guest" not in skip and b["id"] == am["guest"][0]:
            b["guest"] = am["guest"][1]
        if "bf" not in skip and b["id"] == am["bf"][0]:
            b["bf"] = am["bf"][1]
        if "extra" not in skip and b["id"] == am["extra"][0]:
            b["guests"] = am["extra"][1]
        nights = [b["arr"] + dt.timedelta(days=i) for i in range((b["dep"] - b["arr"]).days)]

        def rate(n: dt.date, b: dict = b) -> int:
            r = ROOM_RATES[b["kind"]]
            if b["kind"] == "double" and "rate" not in skip and n >= am["rate"][0]:
                r = am["rate"][1]
            return r + (1500 if n.weekday() in (4, 5) and "weekend" not in skip else 0)

        if b["cancel"]:
            fee = 0 if (b["arr"] - b["cancel"]).days >= 14 and "cancel_rule" not in skip else rate(nights[0])
            out["cfee"] += fee
            out["per"][b["guest"]] += fee
            continue
        room = sum(rate(n) for n in nights)
        if len(nights) >= 7 and "long" not in skip:
            room = room * 90 // 100
        bf = 900 * b["guests"] * len(nights) if b["bf"] else 0
        out["room"] += room
        out["bf"] += bf
        out["per"][b["guest"]] += room + bf
        out["nights"] += len(nights)
        for n in nights:
            out["occ"][n] = out["occ"].get(n, 0) + b["guests"]
    return out


def inn_answers(w: dict, skip: set[str]) -> dict[str, str]:
    r = inn_run(w, skip)
    top = max(r["occ"].values())
    busiest = min(n for n, v in r["occ"].items() if v == top)
    tg, tv = pick_tie(r["per"])
    return {"ROOM_REVENUE": money(r["room"]), "BREAKFAST_REVENUE": money(r["bf"]),
            "CANCELLATION_FEES": money(r["cfee"]), "ROOM_NIGHTS": str(r["nights"]),
            "BUSIEST_NIGHT": f"{short(busiest)} ({top})", "TOP_GUEST": f"{tg} ({money(tv)})"}


INN_RULES = """\
Tariff and rules. Room rates per night: single £62, double £88, family £120. A night is named by the date
on which it starts (a guest arriving on Friday 3 April for 2 nights stays the nights of 3 and 4 April and
leaves on 5 April); Friday and Saturday nights cost £15 more per room. Stays of 7
nights or more get 10% off the room charge (rounded down to the penny); the discount never applies to
breakfast. Breakfast, where booked, costs £9 per guest per night of the stay. Cancellations: a booking
cancelled 14 or more days before the arrival date costs nothing; one cancelled later than that pays the
room charge of its first night only (with any Friday or Saturday supplement, without breakfast, no
discount). A cancelled booking has no nights and no guests staying. Guests are named by surname; a guest
may hold several bookings."""

INN_HEAD = """\
Answer questions about the guest-house booking book below. Use the tariff, the bookings and the
corrections at the end (the corrections override the bookings). You may show your working first; then end
your answer with exactly these labelled lines, in this order. Write amounts in pounds with two decimals and
no thousands separator (for example 1843.20), counts as whole numbers, dates as day and month (for example
14 April) and surnames exactly as written. Ties go to the earliest night and to the surname that comes first
in the alphabet.
ROOM_REVENUE: <the total room charges of all stays that take place, after any discount, without breakfast and without cancellation fees>
BREAKFAST_REVENUE: <the total breakfast charges>
CANCELLATION_FEES: <the total of the cancellation fees>
ROOM_NIGHTS: <the total number of nights stayed, counting each booking's nights once>
BUSIEST_NIGHT: <the night with the most guests staying> (<that number of guests>)
TOP_GUEST: <the guest charged the most in total, room, breakfast and cancellation fees> (<that amount>)"""


def inn_source(w: dict) -> str:
    am = w["amend"]
    lines = []
    for b in w["bks"]:
        n = (b["dep"] - b["arr"]).days
        s = (f"{b['id']}. Booked {short(b['booked'])} by {b['guest']}: {b['kind']} room, {b['guests']} "
             f"guest{'s' if b['guests'] > 1 else ''}, arriving {day(b['arr'])} for {n} night{'s' if n > 1 else ''}, "
             f"{'with' if b['bf'] else 'without'} breakfast")
        lines.append(s + (f"; cancelled on {short(b['cancel'])}." if b["cancel"] else "."))
    d_, r = am["rate"]
    fixes = [f"From the night of {day(d_)} the double room rate is {_pounds(r)} (nights before that stay at £88).",
             f"{am['dep'][0]}: the guests left on {day(am['dep'][1])}; the nights change accordingly.",
             f"{am['cancel'][0]} was cancelled on {short(am['cancel'][1])}.",
             f"{am['guest'][0]} was entered under the wrong surname: the guest was {am['guest'][1]}.",
             f"{am['bf'][0]} was entered {'without' if am['bf'][1] else 'with'} breakfast by mistake: it is "
             f"{'with' if am['bf'][1] else 'without'} breakfast.",
             f"{am['extra'][0]} had {am['extra'][1]} guests for the whole stay, not as written."]
    random.Random(w["seed"] + 1).shuffle(fixes)
    return (wrap("Gull Cottage guest house, booking book for arrivals from Wednesday 1 April to Tuesday 26 May "
                 "2026, in the order the bookings were taken.") + "\n\n" + wrap(INN_RULES) + "\n\nBOOKINGS:\n"
            + "\n".join(lines) + "\n\nCorrections from the owner (they override the bookings):\n"
            + "\n".join(f"({chr(97 + k)}) {t}" for k, t in enumerate(fixes)))


INN_KEYS = ["rate", "dep", "cancel", "guest", "bf", "extra", "weekend", "long", "cancel_rule"]


def inn_ok(seed: int) -> bool:
    w = inn_world(seed, 140)
    ref = inn_answers(w, set())
    return all(inn_answers(w, {k}) != ref for k in INN_KEYS)


@spec("s1.prose.frontier.11")
def inn_spec() -> Spec:
    w = inn_world(next(s for s in range(2411, 4000) if inn_ok(s)), 140)
    return Spec("s1.prose.frontier.11", "frontier", INN_HEAD, inn_source(w), lambda skip: inn_answers(w, skip),
                INN_KEYS,
                "Multi-hop over a ~3,000-word book of 140 seeded bookings: nightly rates with a Friday/Saturday "
                "supplement, a mid-period rate change by night, a long-stay discount, per-guest breakfast, a "
                "14-day cancellation rule and six corrections by booking id feed six exact aggregates incl. the "
                "busiest night; est. blind success 10-25%.")


# --------------------------------------------------------------------------------------------------------
# checking
# --------------------------------------------------------------------------------------------------------
LINE = re.compile(r"^[ \t*_-]*([A-Z][A-Z0-9_]+)[*_]*:[*_ \t]*(.+?)[ \t]*$", re.M)


def value_pattern(value: str, hours: bool = False) -> str:
    """A regex for one labelled value: money may carry a pound sign and a thousands comma; hours a unit."""
    out = []
    toks = re.split(r"(\d+\.\d\d|\d+)", value)
    for k, tok in enumerate(toks):
        if re.fullmatch(r"\d+", tok) and not hours and (k == len(toks) - 1 or toks[k + 1] in ("", ")")):
            out.append(tok + "(?: [a-z]+)?")  # an integer may carry a unit word: "(14 days)", "13 units"
            continue
        if re.fullmatch(r"\d+\.\d\d", tok):
            whole, cents = tok.split(".")
            w = re.escape(whole) if len(whole) <= 3 else f"{whole[:-3]},?{whole[-3:]}"
            out.append(f"{w}\\.{cents}(?: ?(?:h|hrs?|hours?))?" if hours else f"£?{w}\\.{cents}")
        elif tok in ("-", "+") and not out:
            out.append("(?:-|−)" if tok == "-" else "\\+")
        elif tok:
            # a name before its figure may be written in the plural the records use ("kettles (£2,872.50)")
            out.append(re.sub(r"(?<![A-Za-z])([a-z]{3,}) \\\($", r"\1s? \\(",
                              re.escape(tok).replace("\\ ", " ").replace(", ", ",? ")))
    return "".join(out)


def label_check(label: str, value: str) -> str:
    day_first = re.match(r"\d{1,2} [A-Z][a-z]+\b", value)  # a date may carry its weekday: "Friday 15 May"
    val = ("(?:[A-Za-z]+,? )?" if day_first else "") + value_pattern(value, "HOURS" in label)
    pat = f"^[ \\t*_>-]*{label}[*_]*:[*_ \\t]*{val}[ \\t*_.]*$"
    return f"      - {{kind: regex, name: {label.lower()}, ignore_case: true, pattern: '{pat}'}}"


def check_item(item_id: str, it: dict, b: Built) -> list[str]:
    errs = []
    if b.source not in it["prompt"]:
        errs.append("source text not in prompt verbatim")
    if "pattern" in b.notes:
        table = [c for c in it["grader"]["checks"] if c.get("name") == "final_table"]
        if not table or table[0]["pattern"] != b.notes["pattern"]:
            errs.append("final_table pattern differs from the computed one")
        if b.notes["table"] not in it["reference"]:
            errs.append("reference does not carry the computed table")
        if not re.search(b.notes["pattern"], it["reference"], re.I):
            errs.append("computed table pattern does not match the reference")
    for k, v in b.notes.items():
        if k.startswith("final ") and v.removesuffix(".00") not in it["reference"]:
            errs.append(f"reference lacks the final {k[6:]} {v!r}")
    if "superseded" in b.notes:
        banned = [c for c in it["grader"]["checks"] if c.get("name") == "no_superseded_plans"]
        words = set(banned[0]["keywords"]) if banned else set()
        for vals in yaml.safe_load(b.notes["superseded"].replace("'", '"')).values():
            for v in vals:
                if v not in words:
                    errs.append(f"superseded value {v!r} is not banned")
                if re.search(rf"(?<![\w,]){re.escape(v)}(?![\w,])", it["reference"]):
                    errs.append(f"reference mentions superseded {v!r}")
    if "chronological" in b.notes:
        chk = [c for c in it["grader"]["checks"] if c.get("name") == "chronological"]
        if not chk or chk[0]["pattern"] != b.notes["chronological"]:
            errs.append("chronological pattern differs from the computed one")
        elif not re.search(b.notes["chronological"], it["reference"]):
            errs.append("reference is not in the computed order")
    got = dict(LINE.findall(it["reference"]))
    for label, value in b.answers.items():
        if got.get(label) != value:
            errs.append(f"reference {label}: {got.get(label)!r} != {value!r}")
        checks = [c for c in it["grader"]["checks"] if c.get("name") == label.lower()]
        if len(checks) != 1:
            errs.append(f"no regex check named {label.lower()}")
            continue
        c = checks[0]
        flags = (re.I if c.get("ignore_case") else 0) | (re.M if c.get("multiline", True) else 0)
        if not re.search(c["pattern"], f"{label}: {value}", flags):
            errs.append(f"check {label.lower()} does not match the computed value")
        money_like = re.match(r"\d+\.\d\d\b", value) and "HOURS" not in label
        pound = f"{label}: £{value}" if money_like else f"{label}: {value}"
        unit = re.sub(r"\((\d+)\)$", r"(\1 units)", value) if not re.search(r"\d\.\d\d\)$", value) else value
        for alt in (pound, f"**{label}:** {value}", f"- {label}: {value}.", f"{label}: {value.lower()}",
                    f"{label}: {unit}"):
            if not re.search(c["pattern"], alt, flags):
                errs.append(f"check {label.lower()} rejects presentation {alt!r}")
    return errs


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--emit":
        b = BUILDERS[argv[1]]()
        print(b.source)
        print(f"\n[{len(b.source.split())} words]")
        for k, v in b.answers.items():
            print(f"{k}: {v}")
        for k, v in b.notes.items():
            print(f"# {k}: {v}")
        if "pattern" in b.notes:
            print("        pattern: '" + b.notes["pattern"] + "'")
        for k, v in b.answers.items():
            print(label_check(k, v))
        return 0
    if len(argv) == 2 and argv[0] == "--write":
        spec_write(argv[1])
        return 0
    bad = 0
    cache: dict[str, dict[str, dict]] = {}
    for item_id, fn in BUILDERS.items():
        b = fn()
        if b.yaml_file not in cache:
            items = yaml.safe_load((STRICT / b.yaml_file).read_text(encoding="utf-8"))
            cache[b.yaml_file] = {i["id"]: i for i in items}
        it = cache[b.yaml_file].get(item_id)
        errs = ["missing from YAML"] if it is None else check_item(item_id, it, b)
        if item_id in SPECS and spec_yaml(SPECS[item_id]()) not in (STRICT / b.yaml_file).read_text(encoding="utf-8"):
            errs.append("the YAML item differs from the generated one (run --write)")
        for e in errs:
            print(f"ERROR {item_id}: {e}", file=sys.stderr)
        bad += bool(errs)
        print(item_id, " ".join(f"{k}={v}" for k, v in b.answers.items()))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
