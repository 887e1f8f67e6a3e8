from bus import EventBus
from listeners import OrderListeners


def make_listeners():
    bus = EventBus()
    listeners = OrderListeners(bus)
    listeners.wire()
    return bus, listeners


def test_every_listener_sees_the_first_order():
    bus, listeners = make_listeners()
    bus.publish("order.placed", {"id": 1, "customer": "ada", "amount": 30})
    assert listeners.audit == [1]
    assert listeners.first_order_seen == 1
    assert listeners.emails == [("ada", 1)]
    assert listeners.totals == {"ada": 30}


def test_subscribers_are_ordered_by_priority_then_subscription():
    bus, _ = make_listeners()
    assert bus.subscribers("order.placed") == [
        "record_audit", "remember_first", "send_confirmation", "add_to_totals"]


def test_one_shot_listener_runs_once():
    bus, listeners = make_listeners()
    for i in range(1, 4):
        bus.publish("order.placed", {"id": i, "customer": "bob", "amount": 10})
    assert listeners.first_order_seen == 1
    assert "remember_first" not in bus.subscribers("order.placed")


def test_totals_add_up_over_many_orders():
    bus, listeners = make_listeners()
    for i, (who, amount) in enumerate([("ada", 5), ("bob", 7), ("ada", 9)], start=1):
        bus.publish("order.placed", {"id": i, "customer": who, "amount": amount})
    assert listeners.totals == {"ada": 14, "bob": 7}
    assert len(listeners.emails) == 3


def test_publish_reports_how_many_handlers_ran():
    bus = EventBus()
    seen = []
    bus.subscribe("ping", seen.append)
    assert bus.publish("ping", 1) == 1
    assert bus.publish("nobody-listens", 2) == 0
    assert bus.delivered == {"ping": 1, "nobody-listens": 0}
