"""Independent checks for the many-constraint items of strict/instruction.yaml (frontier, hardened expert).

Run: ``python instruction_checks.py``. Every rule of each prompt is re-checked here in plain Python (string
splitting and counting, no code from ``stackeval.graders``), so a reference that the grader accepts is also
seen to satisfy the rules as a reader would count them: every combination of constraints is satisfiable.
Every wrong answer must break at least one rule here too. Prints ``<id> ok`` per item; exits non-zero on any
violation. Standard library + PyYAML only.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import yaml

YAML = Path(__file__).resolve().parent.parent / "instruction.yaml"

Rules = Callable[[str], list[str]]
CHECKS: dict[str, Rules] = {}


def check(item_id: str) -> Callable[[Rules], Rules]:
    def deco(fn: Rules) -> Rules:
        CHECKS[item_id] = fn
        return fn

    return deco


def toks(s: str) -> list[str]:
    """Whitespace-separated words with surrounding punctuation removed (empty tokens dropped)."""
    out = [t.strip(".,;:!?\"()*") for t in s.split()]
    return [t for t in out if t and re.search(r"\w", t)]


def count_word(text: str, word: str) -> int:
    """Occurrences of ``word`` as a whole word, case-insensitive; a hyphen or apostrophe separates words."""
    return len(re.findall(rf"(?<![A-Za-z0-9]){re.escape(word)}(?![A-Za-z0-9])", text, re.IGNORECASE))


def paras(text: str) -> list[str]:
    return [p.strip() for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]


def sents(para: str) -> list[str]:
    """Sentences of a paragraph: text up to '.', '!' or '?' followed by a space or the end (not '1.20')."""
    return [s.strip() for s in re.split(r"(?<=[.!?])(?=\s|$)", " ".join(para.split())) if s.strip()]


def want(cond: bool, rule: str, out: list[str]) -> None:
    if not cond:
        out.append(rule)


# --- frontier -----------------------------------------------------------------------------------------


@check("s1.instruction.frontier.01")
def f01(t: str) -> list[str]:
    v: list[str] = []
    ps = paras(t)
    want(len(ps) == 4, "4 paragraphs", v)
    want([p.split()[0] for p in ps] == ["First", "Second", "Third", "Finally"], "openers", v)
    want(all(len(sents(p)) == 4 for p in ps), "4 sentences per paragraph", v)
    want(140 <= len(toks(t)) <= 180, "140-180 words", v)
    want(all(len(toks(s)) <= 14 for p in ps for s in sents(p)), "sentences <= 14 words", v)
    want(count_word(t, "dock") == 3, "dock x3", v)
    want(count_word(t, "bike") == 4, "bike x4", v)
    want("£1.20" in t, "price", v)
    want("," not in t, "no commas", v)
    want(not re.search(r"(?i)\b(exciting|thrilled)\b", t), "banned words", v)
    want(t.strip().endswith("Ride safe."), "ending", v)
    return v


@check("s1.instruction.frontier.02")
def f02(t: str) -> list[str]:
    v: list[str] = []
    lines = [ln for ln in t.splitlines() if ln.strip()]
    want(120 <= sum(1 for c in t if not c.isspace()) <= 160, "120-160 characters", v)
    want(len(lines) == 6, "6 lines", v)
    bullets = [ln[2:].rstrip() for ln in lines if ln.startswith("- ")]
    want(len(bullets) == 3 and all(len(b) == 16 for b in bullets), "3 bullets of 16 characters", v)
    want("7月20日" in t and "雨天" in t, "keywords", v)
    want(t.count("花火") == 3, "花火 x3", v)
    want(not re.search(r"[A-Za-zＡ-Ｚａ-ｚ]", t), "no Latin letters", v)
    want(not re.search(r"[\u30a1-\u30fa\u30fc\uff66-\uff9d]", t), "no katakana", v)
    want("!" not in t and "！" not in t, "no exclamation", v)
    want(t.strip().endswith("皆さまのご来場をお待ちしております。"), "ending", v)
    return v


@check("s1.instruction.frontier.03")
def f03(t: str) -> list[str]:
    v: list[str] = []
    try:
        obj = json.loads(t)
    except ValueError:
        return ["raw JSON"]
    want(set(obj) == {"event", "city", "sessions"}, "top-level keys", v)
    ss = obj.get("sessions", [])
    want(len(ss) == 5 and all(set(s) == {"title", "speaker", "minutes"} for s in ss), "5 sessions", v)
    mins = [s.get("minutes") for s in ss]
    want(all(type(m) is int and m % 5 == 0 and m <= 45 for m in mins), "minutes: int, x5, <= 45", v)
    titles = [s.get("title", "") for s in ss]
    want(all(re.fullmatch(r"[A-Za-z]+ [A-Za-z]+ [A-Za-z]+", x) for x in titles), "3-word titles", v)
    want("".join(x[:1] for x in titles) == "DATUM", "titles spell DATUM", v)
    want(t.lower().count("keynote") == 1 and sum("Keynote" in x for x in titles) == 1, "Keynote once", v)
    sp = [s.get("speaker", "") for s in ss]
    want(all(len(x.split(" ")) == 2 and "e" not in x.lower() for x in sp), "speakers: 2 words, no e", v)
    want("TBD" not in t, "no TBD", v)
    want(all(len(x) == 20 for x in titles), "titles of 20 characters", v)
    want(all(len(x) == 11 for x in sp), "speakers of 11 characters", v)
    return v


def _items(t: str, marker: str) -> list[str]:
    return [re.sub(marker, "", ln, count=1).strip() for ln in t.splitlines() if re.match(marker, ln)]


@check("s1.instruction.frontier.04")
def f04(t: str) -> list[str]:
    v: list[str] = []
    lines = [ln for ln in t.splitlines() if ln.strip()]
    items = _items(t, r"- ")
    want(len(lines) == 10 and len(items) == 10, "10 bullet lines only", v)
    want("".join(i[0] for i in items).upper() == "LIGHTHOUSE", "acrostic", v)
    want(all(len(i.split()) == 7 for i in items), "7 words", v)
    want(all(i.split()[-1][0].lower() == i[0].lower() for i in items), "last word echoes first letter", v)
    want(all(i.endswith(".") for i in items), "periods", v)
    want("," not in t, "no commas", v)
    want(count_word(t, "lamp") == 2, "lamp x2", v)
    want(count_word(t, "the") == 0, "no 'the'", v)
    want("y" not in t.lower(), "no y", v)
    want(all(40 <= len(ln.strip()) <= 44 for ln in lines), "lines of 40-44 characters", v)
    want(t.lower().count("s") == 31, "s x31", v)
    return v


@check("s1.instruction.frontier.05")
def f05(t: str) -> list[str]:
    v: list[str] = []
    ss = sents(t)
    want("e" not in t.lower(), "no e", v)
    want([len(s.split()) for s in ss] == [15, 16, 17, 18, 19, 20], "sentence lengths 15..20", v)
    want(all(re.fullmatch(r"[A-Za-z ]+[.]", s) for s in ss[:5]) and bool(re.fullmatch(r"[A-Za-z ]+\?", ss[-1])),
         "letters and spaces only; periods then a question mark", v)
    want(count_word(t, "smoky") == 2 and count_word(t, "coins") == 1, "smoky x2, coins x1", v)
    want(t.lower().count("o") == 40, "o x40", v)
    want(425 <= sum(not c.isspace() for c in t) <= 445, "425-445 characters without spaces", v)
    return v


@check("s1.instruction.frontier.06")
def f06(t: str) -> list[str]:
    v: list[str] = []
    ps = paras(t)
    want(len(ps) == 2 and all(len(sents(p)) == 3 for p in ps), "2 paragraphs of 3 sentences", v)
    want(70 <= len(toks(t)) <= 100, "70-100 words", v)
    want(all(len(toks(s)) <= 15 for p in ps for s in sents(p)), "sentences <= 15 words", v)
    want(count_word(t, "Fahrrad") == 2 and count_word(t, "Werkstatt") == 1, "Fahrrad x2, Werkstatt x1", v)
    want(re.findall(r"\[[^\]]*\]", t) == ["[Datum]"], "one placeholder [Datum]", v)
    want(not re.search(r"(?i)\b(super|toll)\b", t), "banned words", v)
    want("," not in t, "no commas", v)
    want(t.strip().endswith("?"), "question at the end", v)
    return v


@check("s1.instruction.frontier.07")
def f07(t: str) -> list[str]:
    v: list[str] = []
    lines = [ln for ln in t.splitlines() if ln.strip()]
    items = _items(t, r"\d+\. ")
    want(len(lines) == 8 and len(items) == 8, "8 numbered steps only", v)
    want(all(len(i.split()) == 8 for i in items), "8 words", v)
    want(all(len(re.findall(r"\d+", i)) == 1 and re.fullmatch(r"\d+", i.split()[1]) for i in items),
         "one number, the second word", v)
    want("".join(i[0] for i in items).upper() == "TOMATOES", "acrostic", v)
    want(not any(i.split()[0].lower() == "then" for i in items), "no Then", v)
    want(count_word(t, "stir") == 3, "stir x3", v)
    want(count_word(t, "the") == 0, "no 'the'", v)
    want(all(i.endswith(".") for i in items) and "," not in t, "periods, no commas", v)
    want(all(38 <= len(ln.strip()) <= 44 for ln in lines), "lines of 38-44 characters", v)
    want(t.lower().count("o") == 25, "o x25", v)
    return v


@check("s1.instruction.frontier.08")
def f08(t: str) -> list[str]:
    v: list[str] = []
    ps = paras(t)
    want(t.startswith("Dear [tenant name],"), "greeting", v)
    want(len(re.findall(r"\[[^\]]+\]", t)) == 4, "4 placeholders", v)
    want(len(ps) == 5 and all(len(sents(p)) == 3 for p in ps[1:4]), "5 blocks, 3 sentences per body paragraph",
         v)
    want(all(len(toks(s)) <= 20 for p in ps[1:4] for s in sents(p)), "sentences <= 20 words", v)
    want(100 <= len(toks(t)) <= 140, "100-140 words", v)
    want(count_word(t, "deposit") == 2 and count_word(t, "refund") >= 1, "deposit x2, refund", v)
    want(count_word(t, "you") == 4, "you x4", v)
    want(not re.search(r"\d", t), "no digits", v)
    want(t.rstrip().endswith("Yours sincerely,\n[landlord name]"), "sign-off", v)
    return v


@check("s1.instruction.frontier.09")
def f09(t: str) -> list[str]:
    v: list[str] = []
    ss = sents(t)
    want([len(s.split()) for s in ss] == [5, 7, 9, 11, 13, 15], "lengths 5..15", v)
    want("".join(s[0] for s in ss) == "FROZEN", "acrostic", v)
    want(all(re.fullmatch(r"[A-Z][a-z ]*\.", s) for s in ss), "letters, spaces, one capital, periods", v)
    want(max(len(w) for w in re.findall(r"[A-Za-z]+", t)) <= 7, "no word over 7 letters", v)
    want("y" not in t.lower(), "no y", v)
    want(count_word(t, "ice") == 2 and count_word(t, "the") == 4, "ice x2, the x4", v)
    want(t.strip().endswith(" sea."), "sea last", v)
    want(t.lower().count("e") == 32, "e x32", v)
    want(250 <= sum(not c.isspace() for c in t) <= 265, "250-265 characters without spaces", v)
    return v


@check("s1.instruction.frontier.10")
def f10(t: str) -> list[str]:
    v: list[str] = []
    heads = re.findall(r"(?m)^(#+) (.+?)\s*$", t)
    want(heads == [("##", "Matériel"), ("##", "Étapes"), ("##", "Conseils")], "3 headings in order", v)
    parts = re.split(r"(?m)^## .*$", t)
    mat, steps = parts[1], parts[2]
    want([ln[:2] for ln in mat.splitlines() if ln.strip()] == ["- "] * 3, "3 bullets only", v)
    items = _items(steps, r"\d\. ")
    want(len(items) == 4 and len([ln for ln in steps.splitlines() if ln.strip()]) == 4, "4 steps only", v)
    want(all(len(toks(i)) == 10 for i in items), "10 words per step", v)
    body = re.sub(r"(?m)^#+ .*$|^\s*[-\d]\.? ", " ", t)
    want(80 <= len(toks(body.replace("**", ""))) <= 120, "80-120 words", v)
    want(count_word(t, "nichoir") == 3, "nichoir x3", v)
    want(not re.search(r"\d", re.sub(r"(?m)^\d\. ", "", t)), "no digits", v)
    want(not re.search(r"(?i)\bfaciles?\b", t), "no facile", v)
    want(len(re.findall(r"\*\*[^*\n]+\*\*", t)) == 2, "2 bold", v)
    want(all(len(ln.strip()) == 58 for ln in steps.splitlines() if re.match(r"\d\. ", ln)), "58-character steps", v)
    return v


@check("s1.instruction.frontier.11")
def f11(t: str) -> list[str]:
    v: list[str] = []
    lines = [ln.strip() for ln in t.splitlines() if ln.strip()]
    want([ln[:6] for ln in lines] == ["MAYA: ", "OTTO: "] * 3, "6 alternating labelled lines", v)
    bodies = [ln[6:] for ln in lines]
    want(all(len(b.split(" ")) == 10 and re.fullmatch(r"[A-Za-z' ]+[.?]", b) for b in bodies), "10 words", v)
    want([b[-1] for b in bodies] == [".", "?"] * 3, "endings", v)
    want("".join(b[0] for b in bodies) == "ISLAND", "acrostic", v)
    want(all(len(b.split(" ")[-1][:-1]) == 5 for b in bodies), "5-letter last words", v)
    want(not any("o" in b.lower() for b in bodies[0::2]), "Maya without o", v)
    want(not any("i" in b.lower() for b in bodies[1::2]), "Otto without i", v)
    want(count_word(t, "ferry") == 2 and count_word(t, "we") == 3, "ferry x2, we x3", v)
    want(all(50 <= len(ln) <= 60 for ln in lines), "lines of 50-60 characters", v)
    want(t.lower().count("e") == 34, "e x34", v)
    return v


# --- expert (hardened) --------------------------------------------------------------------------------


@check("s1.instruction.expert.02")
def e02(t: str) -> list[str]:
    v: list[str] = []
    items = _items(t, r"- ")
    want(len(items) == 5 and len([ln for ln in t.splitlines() if ln.strip()]) == 5, "5 bullets only", v)
    want("".join(i[0] for i in items) == "SAFER", "acrostic", v)
    want(all(len(i.split()) == 6 for i in items), "6 words", v)
    want(all(len(i.split()[-1].rstrip(".")) == 4 for i in items), "4-letter last words", v)
    want(all(i.endswith(".") for i in items) and "," not in t, "periods, no commas", v)
    want(count_word(t, "pool") == 2, "pool x2", v)
    want("y" not in t.lower(), "no y", v)
    want(all(30 <= len(ln.strip()) <= 40 for ln in t.splitlines() if ln.strip()), "lines of 30-40 characters", v)
    return v


@check("s1.instruction.expert.05")
def e05(t: str) -> list[str]:
    v: list[str] = []
    ss = sents(t)
    want(t == t.upper(), "upper case", v)
    want(len(ss) == 4 and all(len(s.split()) == 7 for s in ss[:3]), "4 sentences, first three of 7 words", v)
    want("MARIGOLD" in t and "14:45" in t, "name and time", v)
    want(count_word(t, "FERRY") == 2 and count_word(t, "THE") == 2, "FERRY x2, THE x2", v)
    want("," not in t and ss[-1:] == ["END OF MESSAGE."], "no commas, closing", v)
    return v


@check("s1.instruction.expert.08")
def e08(t: str) -> list[str]:
    v: list[str] = []
    lines = [ln.strip() for ln in t.splitlines() if ln.strip()]
    want([ln.split(" ")[0] for ln in lines] == [f"{k}." for k in range(1, 7)], "numbered 1-6 only", v)
    titles = [ln.split(" ", 1)[1] for ln in lines]
    want(all(w[0].isupper() for x in titles for w in x.split()), "every word capitalised", v)
    want(all(len(x.split()) == 5 for x in titles), "5 words", v)
    want(len({x[0].lower() for x in titles}) == 6, "6 different first letters", v)
    want(all(len(ln) <= 32 for ln in lines), "<= 32 characters", v)
    want(count_word(t, "rain") == 2 and count_word(t, "umbrella") == 0, "Rain x2, no umbrella", v)
    want(t.lower().count("a") == 11, "a x11", v)
    return v


def main() -> int:
    items = {it["id"]: it for it in yaml.safe_load(YAML.read_text(encoding="utf-8"))}
    errors: list[str] = []
    for item_id, fn in CHECKS.items():
        item = items.get(item_id)
        if item is None:
            errors.append(f"{item_id}: no such item")
            continue
        bad = fn(item["reference"])
        if bad:
            errors.append(f"{item_id}: reference breaks {bad}")
        for k, w in enumerate(item.get("wrong", []), 1):
            if not fn(w["content"]):
                errors.append(f"{item_id}: wrong answer {k} breaks no rule")
        print(item_id, "ok" if not bad else "FAIL")
    frontier = {i for i, it in items.items() if it["tier"] == "frontier"}
    if frontier - set(CHECKS):
        errors.append(f"frontier items without a check: {sorted(frontier - set(CHECKS))}")
    for e in errors:
        print("ERROR:", e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
