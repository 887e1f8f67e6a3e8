from clocks import ManualClock
from election import Node
from leases import LeaseTable


def test_crashed_leader_is_replaced_after_the_ttl():
    clock = ManualClock()
    table = LeaseTable(clock, ttl_s=30)
    first, second = Node("a", table), Node("b", table)
    assert first.try_lead()
    clock.advance(31)
    assert table.remaining("leader") == 0.0
    assert second.try_lead()
    assert second.is_leader()


def test_only_one_leader_at_a_time():
    clock = ManualClock()
    table = LeaseTable(clock, ttl_s=30)
    first, second = Node("a", table), Node("b", table)
    assert first.try_lead()
    clock.advance(10)
    assert not second.try_lead()
    assert first.is_leader()


def test_step_down_frees_the_lease():
    table = LeaseTable(ManualClock())
    first, second = Node("a", table), Node("b", table)
    first.try_lead()
    assert first.step_down()
    assert second.try_lead()


def test_remaining_counts_down():
    clock = ManualClock()
    table = LeaseTable(clock, ttl_s=30)
    Node("a", table).try_lead()
    clock.advance(12)
    assert table.remaining("leader") == 18.0
