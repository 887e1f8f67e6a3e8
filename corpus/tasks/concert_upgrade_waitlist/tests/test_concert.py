import pytest
from box_office import PRICES, BoxOffice
from reports import guest_list, occupancy, revenue
from venue import SoldOut, Venue


def sold_out_night():
    venue = Venue({"front": 4, "stalls": 6, "balcony": 10})
    office = BoxOffice(venue)
    office.sell("ana", "front", 2)
    office.sell("ben", "front", 2)
    office.sell("cai", "stalls", 4)
    office.sell("dee", "stalls", 2)
    office.sell("eli", "balcony", 3)
    return venue, office


def test_sales_and_occupancy():
    venue, _ = sold_out_night()
    assert occupancy(venue) == [
        "front      4/4    sold counter 4", "stalls     6/6    sold counter 6", "balcony    3/10   sold counter 3"]
    assert revenue(venue, PRICES) == 4 * 120 + 6 * 80 + 3 * 45


def test_sold_out_section_puts_customers_on_the_waiting_list():
    venue, office = sold_out_night()
    assert office.sell("fay", "stalls", 2) is None
    venue.cancel(4)
    assert guest_list(venue, "stalls") == [("cai", 4, 3), ("fay", 2, 6)]


def test_upgrade_into_free_seats():
    venue, office = sold_out_night()
    venue.cancel(1)
    assert office.upgrade(4, "front") == 80
    assert guest_list(venue, "front") == [("ben", 2, 2), ("dee", 2, 4)]
    assert revenue(venue, PRICES) == 4 * 120 + 4 * 80 + 3 * 45
    assert occupancy(venue)[1] == "stalls     4/6    sold counter 4"


def test_declined_upgrade_keeps_the_booking_where_it_was():
    venue, office = sold_out_night()
    office.sell("fay", "stalls", 2)
    assert office.upgrade(4, "front") is None
    assert guest_list(venue, "stalls") == [("cai", 4, 3), ("dee", 2, 4)]
    assert occupancy(venue)[1] == "stalls     6/6    sold counter 6"


def test_declined_upgrade_does_not_let_the_next_sale_oversell():
    venue, office = sold_out_night()
    office.sell("fay", "stalls", 2)
    office.upgrade(4, "front")
    assert office.log[-1].startswith("upgrade of 4 declined: front has 0 seats left")
    with pytest.raises(SoldOut):
        venue.book("gus", "stalls", 1)
    assert revenue(venue, PRICES) == 4 * 120 + 6 * 80 + 3 * 45


def test_upgrade_keeps_the_booking_number():
    venue, office = sold_out_night()
    venue.cancel(3)
    assert office.upgrade(5, "stalls") == 105
    assert venue.bookings[5].section == "stalls" and sorted(venue.bookings) == [1, 2, 4, 5]


def test_unknown_section():
    venue, _ = sold_out_night()
    with pytest.raises(KeyError, match="no section 'vip'; sections: front, stalls, balcony"):
        venue.move(1, "vip")
