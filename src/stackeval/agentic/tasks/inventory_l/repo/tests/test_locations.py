import pytest

from inventory import InventoryError
from inventory.audit import AuditTrail
from inventory.locations import Bins


def test_put_take_and_bins():
    bins = Bins()
    bins.put("A1", "LMP-0001", 6)
    bins.put("B2", "lmp-0001", 2)
    bins.take("A1", "LMP-0001", 6)
    assert bins.bins_for("LMP-0001") == ["B2"]
    with pytest.raises(InventoryError):
        bins.take("B2", "LMP-0001", 3)


def test_transfer_moves_stock_and_is_audited():
    trail = AuditTrail(clock=lambda: 0.0)
    bins = Bins(audit=trail)
    bins.put("A1", "LMP-0001", 6)
    bins.transfer("LMP-0001", "A1", "C3", 4)
    assert (bins.quantity("A1", "LMP-0001"), bins.quantity("C3", "LMP-0001")) == (2, 4)
    assert [e.note for e in trail.events()] == ["A1->C3"]


def test_transfer_of_more_than_the_bin_holds_is_refused():
    bins = Bins(audit=AuditTrail(clock=lambda: 0.0))
    bins.put("A1", "LMP-0001", 3)
    with pytest.raises(InventoryError):
        bins.transfer("LMP-0001", "A1", "C3", 5)
    assert (bins.quantity("A1", "LMP-0001"), bins.quantity("C3", "LMP-0001")) == (3, 0)
    assert len(bins.audit) == 0
