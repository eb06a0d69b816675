"""``python -m stackeval.localserver.probe``: which llama.cpp build runs here (the bootstrap asks this
before deciding what else to install)."""

from __future__ import annotations

import sys

from stackeval.localserver.builds import LocalServerError, candidates, choose_build, usable_builds


def main(argv: list[str] | None = None) -> int:
    """``python -m stackeval.localserver.probe [--all]``: the build the local server would use here and
    why (exit 0), or why none runs (exit 3). ``--all`` probes every installed build."""
    import argparse

    from stackeval.localserver.manager import find_model

    ap = argparse.ArgumentParser(prog="python -m stackeval.localserver.probe")
    ap.add_argument("--all", action="store_true", help="probe every installed build")
    a = ap.parse_args(argv)
    try:
        model = find_model()
        if a.all:
            names = {c.name for c in usable_builds(model)}
            for b in candidates():
                print(f"{b.name}: {'works' if b.name in names else 'does not run here'} ({b.description})")
            return 0 if names else 3
        c = choose_build(model)
    except LocalServerError as e:
        print(f"llama.cpp build: none: {e}")
        return 3
    print(f"llama.cpp build: {c.name}: {c.summary()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
