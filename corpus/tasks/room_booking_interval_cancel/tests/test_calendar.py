import pytest

from agenda import agenda, door_sign
from availability import busiest, free_ranges, is_free
from bookings import Booking
from calendar_book import Conflict, RoomCalendar
from grid import parse_time, to_grid


def booking(booking_id, room, start, end, who="ana"):
    return Booking.from_form(booking_id, room, start, end, who)


def test_times_and_grid():
    assert parse_time("09:05") == 545
    assert to_grid(545, 590) == (540, 600)
    with pytest.raises(ValueError, match="outside opening hours"):
        parse_time("06:30")


def test_overlapping_bookings_conflict():
    calendar = RoomCalendar(["Fjord", "Glacier"])
    calendar.book(booking("B1", "Fjord", "09:05", "09:50"))
    with pytest.raises(Conflict, match="Fjord is taken then by B1"):
        calendar.book(booking("B2", "Fjord", "09:55", "10:30", "bo"))
    calendar.book(booking("B3", "Fjord", "10:00", "10:30", "bo"))
    assert [b.id for b in calendar.bookings("Fjord")] == ["B1", "B3"]


def test_free_ranges_follow_the_grid():
    calendar = RoomCalendar(["Fjord"])
    calendar.book(booking("B1", "Fjord", "09:05", "09:50"))
    assert free_ranges(calendar, "Fjord") == [("07:00", "09:00"), ("10:00", "20:00")]


def test_cancelling_an_on_grid_booking_frees_the_room():
    calendar = RoomCalendar(["Fjord"])
    calendar.book(booking("B1", "Fjord", "14:00", "15:00"))
    calendar.cancel("B1")
    assert is_free(calendar, "Fjord", 840, 900)


def test_cancelling_frees_the_whole_slot():
    calendar = RoomCalendar(["Fjord", "Glacier"])
    calendar.book(booking("B1", "Fjord", "09:05", "09:50"))
    calendar.book(booking("B2", "Glacier", "09:00", "11:00", "bo"))
    assert calendar.cancel("B1").organiser == "ana"
    assert free_ranges(calendar, "Fjord") == [("07:00", "20:00")]
    calendar.book(booking("B4", "Fjord", "09:00", "10:00", "cy"))
    assert busiest(calendar, ["Fjord", "Glacier"]) == [("Glacier", 120), ("Fjord", 60)]


def test_door_sign_and_agenda():
    calendar = RoomCalendar(["Fjord"])
    calendar.book(booking("B1", "Fjord", "09:05", "09:50"))
    calendar.book(booking("B2", "Fjord", "13:00", "14:00", "bo"))
    assert door_sign(calendar, "Fjord", 480) == "Free until 09:00"
    assert door_sign(calendar, "Fjord", 545) == "Busy until 10:00 (B1)"
    assert door_sign(calendar, "Fjord", 900) == "Free for the rest of the day"
    assert agenda(calendar, "Fjord") == ["== Fjord ==", "09:00-10:00  ana", "13:00-14:00  bo"]
    assert agenda(RoomCalendar(["Tundra"]), "Tundra") == ["== Tundra ==", "no bookings"]


def test_reschedule_into_a_taken_slot_keeps_the_booking():
    calendar = RoomCalendar(["Fjord"])
    calendar.book(booking("B1", "Fjord", "09:00", "10:00"))
    calendar.book(booking("B2", "Fjord", "11:00", "12:00", "bo"))
    with pytest.raises(Conflict, match="taken then by B2"):
        calendar.reschedule("B1", 660, 690)
    assert [b.id for b in calendar.bookings("Fjord")] == ["B1", "B2"]


def test_reschedule_by_a_quarter_hour():
    calendar = RoomCalendar(["Fjord"])
    calendar.book(booking("B1", "Fjord", "09:10", "09:40"))
    moved = calendar.reschedule("B1", 565, 595)
    assert moved.label() == "B1 Fjord 09:25-09:55 (ana)"
    assert agenda(calendar, "Fjord") == ["== Fjord ==", "09:15-10:00  ana"]
