import pytest
from theater import SeatError, Theater


def test_a_new_theater_is_all_free():
    hall = Theater(3, 4)
    assert hall.free_seats() == 12
    assert hall.plan() == "....\n....\n...."


def test_booking_marks_only_the_chosen_seats():
    hall = Theater(3, 4)
    hall.book("A1", "A2")
    assert hall.free_seats() == 10
    assert hall.plan() == "xx..\n....\n...."


def test_a_taken_seat_cannot_be_booked_again():
    hall = Theater(2, 3)
    hall.book("B2")
    with pytest.raises(SeatError, match="B2 is not available"):
        hall.book("B2")


def test_unknown_seats_are_refused():
    hall = Theater(2, 3)
    with pytest.raises(SeatError, match="no seat 'C1'"):
        hall.book("C1")
    with pytest.raises(SeatError, match="no seat 'A4'"):
        hall.book("A4")


def test_best_pair_skips_blocked_seats():
    hall = Theater(2, 3, blocked=["A2"])
    assert hall.best_pair() == ("B1", "B2")


def test_zero_sized_theater_is_refused():
    with pytest.raises(ValueError, match="at least one row"):
        Theater(0, 5)
