"""Load and validate suite profiles.

A profile is a folder ``builtin/<profile>/`` (or a user's folder given by path) of YAML files, each a list of
items. The suite hash is the SHA-256 of the files' names and bytes, in name order, so any change to an item changes it.
"""

from __future__ import annotations

import fnmatch
import hashlib
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import ValidationError

from stackeval.errors import ConfigError, ProfileNotFound
from stackeval.graders.base import parse_spec
from stackeval.graders.tool_calls import check_tool_definitions
from stackeval.records.items import Item

BUILTIN = Path(__file__).parent / "builtin"


@dataclass(frozen=True)
class Suite:
    profile: str
    items: tuple[Item, ...]
    suite_hash: str

    def select(self, only: list[str] | None) -> Suite:
        if not only:
            return self
        chosen = tuple(i for i in self.items if any(fnmatch.fnmatchcase(i.id, g) for g in only))
        if not chosen:
            raise ProfileNotFound(f"no test in profile {self.profile!r} matches {' '.join(only)}")
        return Suite(self.profile, chosen, self.suite_hash)

    def get(self, test_id: str) -> Item:
        for i in self.items:
            if i.id == test_id:
                return i
        raise ProfileNotFound(f"no test {test_id!r} in profile {self.profile!r}")


def list_profiles(root: Path = BUILTIN) -> list[str]:
    return sorted(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.yaml")))


def _item_line(text: str, index: int) -> int | None:
    """Line number (1-based) where the index-th top-level list entry starts."""
    seen = -1
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith("- "):
            seen += 1
            if seen == index:
                return n
    return None


def load_file(path: Path) -> list[Item]:
    text = path.read_text(encoding="utf-8")
    try:
        raw = yaml.safe_load(text)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        raise ConfigError(f"invalid YAML: {getattr(e, 'problem', e)}", path=str(path),
                          line=(mark.line + 1) if mark else None) from e
    if raw is None:
        return []
    if not isinstance(raw, list):
        raise ConfigError("a suite file must be a list of items", path=str(path), line=1)
    items: list[Item] = []
    for idx, entry in enumerate(raw):
        line = _item_line(text, idx)
        try:
            item = Item.model_validate(entry)
            parse_spec(item.grader)
        except ValidationError as e:
            err = e.errors()[0]
            loc = ".".join(str(p) for p in err["loc"])
            ident = entry.get("id", f"item {idx}") if isinstance(entry, dict) else f"item {idx}"
            raise ConfigError(f"{ident}: {loc}: {err['msg']}", path=str(path), line=line) from e
        except KeyError as e:
            raise ConfigError(str(e.args[0]), path=str(path), line=line) from e
        bad_tools = check_tool_definitions(item.tools or ())
        if bad_tools:
            raise ConfigError(f"{item.id}: {bad_tools[0]}", path=str(path), line=line)
        items.append(item)
    return items


def load_dir(folder: Path, profile: str) -> Suite:
    files = sorted(folder.glob("*.yaml"))
    h = hashlib.sha256()
    items: list[Item] = []
    for f in files:
        h.update(f.name.encode())
        h.update(b"\0")
        h.update(f.read_bytes())
        items.extend(load_file(f))
    seen: set[str] = set()
    for it in items:
        if it.id in seen:
            raise ConfigError(f"duplicate test id {it.id}", path=str(folder))
        seen.add(it.id)
    return Suite(profile, tuple(items), h.hexdigest()[:16])


def load_profile(name: str, root: Path = BUILTIN) -> Suite:
    """A built-in profile by name, or else a folder of suite YAML files given by its path (a user's own suite,
    e.g. the one ``benchmarks/difficulty_ladder.py export`` writes); the profile is recorded as given."""
    folder = root / name
    if not (folder.is_dir() and any(folder.glob("*.yaml"))):
        own = Path(name).expanduser()
        if not own.is_dir():
            raise ProfileNotFound(
                f"unknown profile {name!r} (available: {', '.join(list_profiles(root))}, or a folder of suite YAML files)"
            )
        if not any(own.glob("*.yaml")):
            raise ProfileNotFound(f"suite folder {name!r} holds no *.yaml files")
        folder = own
    return load_dir(folder, name)
