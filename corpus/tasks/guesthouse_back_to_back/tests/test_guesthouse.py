from datetime import date

import pytest
from bookings import Guesthouse, RoomTaken
from stays import Stay, StayError


def test_a_guest_can_arrive_the_day_another_leaves():
    house = Guesthouse()
    house.book("ann", "garden", date(2024, 7, 1), date(2024, 7, 4))
    house.book("bob", "garden", date(2024, 7, 4), date(2024, 7, 6))
    assert len(house.stays) == 2


def test_overlapping_stays_are_refused():
    house = Guesthouse()
    house.book("ann", "attic", date(2024, 7, 1), date(2024, 7, 4))
    with pytest.raises(RoomTaken, match="attic is taken on 2024-07-03"):
        house.book("cy", "attic", date(2024, 7, 3), date(2024, 7, 5))


def test_other_rooms_are_independent():
    house = Guesthouse()
    house.book("ann", "attic", date(2024, 7, 1), date(2024, 7, 4))
    house.book("dee", "suite", date(2024, 7, 2), date(2024, 7, 3))


def test_price_is_per_night():
    house = Guesthouse()
    stay = house.book("ann", "suite", date(2024, 7, 1), date(2024, 7, 3))
    assert house.price(stay) == 180


def test_bad_bookings_are_explained():
    with pytest.raises(StayError, match="must be after arrival"):
        Stay("x", "attic", date(2024, 7, 2), date(2024, 7, 2))
    with pytest.raises(KeyError, match="no room 'cellar'"):
        Guesthouse().book("x", "cellar", date(2024, 7, 1), date(2024, 7, 2))
