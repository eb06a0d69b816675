"""Planning a resumed run (``runner.suite.plan``, the same for every executor): units whose (Ray) worker was
lost run again as their next attempt, a stored server error only with ``--retry-errors``."""

from __future__ import annotations

from stackeval.distributed.records import LOST, UnitTask, lost_result
from stackeval.records.run import RunSpec
from stackeval.runner.suite import plan
from stackeval.suites.loader import load_profile

SPEC = RunSpec(endpoint="http://127.0.0.1:1", model="m", profile="smoke", repeats=2)


def test_a_resume_reruns_lost_units_as_their_next_attempt_and_nothing_else() -> None:
    suite = load_profile("smoke")
    items = list(suite.items)
    done = {}
    for it in items:
        for rep in range(2):
            task = UnitTask(item=it, arm="default", repeat=rep, spec=SPEC, engine="llamacpp")
            done[(it.id, "default", rep)] = lost_result(task, "x") if it is items[0] and rep == 1 else None
    done = {k: v for k, v in done.items() if v is not None}  # one lost, the rest not run yet
    units = plan(suite, SPEC, done)
    keys = sorted((u.item.id, u.repeat, u.attempt) for u in units)
    assert len(units) == len(items) * 2
    assert (items[0].id, 1, 2) in keys and (items[0].id, 1, 1) not in keys
    assert lost_result(UnitTask(item=items[0], arm="default", repeat=0, spec=SPEC, engine="x"), "y").failure_class == LOST


def test_a_stored_error_of_the_server_is_not_rerun_without_retry_errors() -> None:
    suite = load_profile("smoke").select(["k1.math*"])
    it = suite.items[0]
    lost = lost_result(UnitTask(item=it, arm="default", repeat=0, spec=SPEC, engine="x"), "y")
    server_error = lost.model_copy(update={"failure_class": "http_503"})
    spec = SPEC.model_copy(update={"repeats": 1})
    assert plan(suite, spec, {(it.id, "default", 0): server_error}) == []
    assert [u.attempt for u in plan(suite, spec, {(it.id, "default", 0): server_error}, True)] == [2]
