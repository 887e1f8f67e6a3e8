import pytest
from pricing import PricingError, order_total, seat_price, zone_of
from theater import Theater


def test_zones_by_row():
    assert [zone_of(s) for s in ("A1", "B9", "C1", "E3", "F1")] == [
        "premium", "premium", "standard", "standard", "rear"]


def test_prices_and_group_discount():
    assert seat_price("A1") == 4500 and seat_price("G2") == 2100
    assert order_total(["A1", "A2"]) == 9000
    assert order_total([f"C{i}" for i in range(1, 7)]) == 6 * 3200 * 90 // 100


def test_booking_and_paying_for_a_family():
    hall = Theater(6, 8)
    seats = ["C3", "C4", "C5"]
    hall.book(*seats)
    assert order_total(seats) == 9600
    assert hall.free_seats() == 45


def test_unpriceable_seats_are_refused():
    with pytest.raises(PricingError, match="cannot price seat '1A'"):
        seat_price("1A")
