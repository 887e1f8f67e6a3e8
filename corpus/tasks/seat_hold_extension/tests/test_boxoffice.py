import pytest
from boxoffice import BoxOffice, CheckoutError
from clock import ManualClock
from holds import SeatTaken
from seatmap import NoSuchSeat, SeatMap


def office():
    clock = ManualClock()
    return BoxOffice(clock, SeatMap("AB", 4), ttl_s=600), clock


def attempt(action):
    try:
        return action()
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"


def test_held_seats_cannot_be_taken():
    box, clock = office()
    box.choose("ann", ["A1", "A2"])
    clock.advance(599)
    with pytest.raises(SeatTaken, match="seat A2 is held by someone else for 1s more"):
        box.choose("bea", ["A2", "A3"])


def test_a_purchase_sells_the_held_seats():
    box, clock = office()
    page = box.choose("ann", ["B3", "B4"])
    assert page.purchase() == ("B3", "B4")
    assert box.seatmap.sold == {"B3": "ann", "B4": "ann"}
    assert "B3" not in box.seatmap.available()
    with pytest.raises(CheckoutError, match="hold h1 has expired"):
        page.purchase()


def test_heartbeats_keep_a_hold_alive():
    box, clock = office()
    page = box.choose("ann", ["A1"])
    clock.advance(500)
    assert page.heartbeat() is True
    clock.advance(500)
    with pytest.raises(SeatTaken):
        box.choose("bea", ["A1"])
    assert page.purchase() == ("A1",)


def test_an_expired_hold_frees_its_seats():
    box, clock = office()
    box.choose("ann", ["A1", "A2"])
    clock.advance(601)
    page = box.choose("bea", ["A2"])
    assert page.purchase() == ("A2",)
    assert box.seatmap.sold == {"A2": "bea"}


def test_unknown_seats_are_refused():
    box, _ = office()
    with pytest.raises(NoSuchSeat, match="no seat C1"):
        box.choose("ann", ["A1", "C1"])
    assert box.holds.is_active("h1") is False


def test_a_late_heartbeat_does_not_bring_an_expired_hold_back():
    box, clock = office()
    ann = box.choose("ann", ["A1", "A2"])
    clock.advance(700)
    bea = box.choose("bea", ["A2", "A3"])
    clock.advance(10)
    outcome = {
        "ann heartbeat": attempt(ann.heartbeat),
        "ann purchase": attempt(ann.purchase),
        "bea purchase": attempt(bea.purchase),
    }
    assert outcome == {
        "ann heartbeat": False,
        "ann purchase": "CheckoutError: hold h1 has expired; please choose your seats again",
        "bea purchase": ("A2", "A3"),
    }
    assert box.seatmap.sold == {"A2": "bea", "A3": "bea"}


def test_a_heartbeat_after_expiry_fails_even_when_nobody_took_the_seats():
    box, clock = office()
    ann = box.choose("ann", ["A1"])
    clock.advance(600)
    assert ann.heartbeat() is False
    assert box.holds.is_active("h1") is False
