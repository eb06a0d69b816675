"""Moved: the sweep store is ``stackeval.store.sweeps`` (all SQL lives in ``stackeval.store``)."""

from stackeval.store.sweeps import SweepStore

__all__ = ["SweepStore"]
