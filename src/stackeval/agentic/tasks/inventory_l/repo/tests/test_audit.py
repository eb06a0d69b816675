from inventory.audit import AuditTrail


def fake_clock():
    ticks = iter(range(100, 200))
    return lambda: float(next(ticks))


def test_events_are_numbered_and_stamped():
    trail = AuditTrail(clock=fake_clock())
    first = trail.record("receive", "BOX-0001", 10)
    second = trail.record("sell", "BOX-0001", 2, "order 77")
    assert (first.seq, first.at) == (1, 100.0)
    assert (second.seq, second.at, second.note) == (2, 101.0, "order 77")
    assert len(trail) == 2


def test_filter_by_sku_and_since():
    trail = AuditTrail(clock=fake_clock())
    trail.record("receive", "BOX-0001", 10)
    trail.record("receive", "TUB-0002", 4)
    trail.record("sell", "BOX-0001", 3)
    assert [e.action for e in trail.events("BOX-0001")] == ["receive", "sell"]
    assert [e.sku for e in trail.since(1)] == ["TUB-0002", "BOX-0001"]
