from datetime import date, datetime, timezone

from meetings import Person, common_slot, invitation_lines, working_window_utc


def test_working_window_in_utc():
    start, end = working_window_utc(Person("ana", "+01:00"), date(2024, 3, 11))
    assert (start, end) == (datetime(2024, 3, 11, 8, tzinfo=timezone.utc), datetime(2024, 3, 11, 16, tzinfo=timezone.utc))


def test_london_and_delhi_overlap_in_the_morning():
    people = [Person("ana", "Z"), Person("raj", "+05:30")]
    assert common_slot(people, date(2024, 3, 11)) == datetime(2024, 3, 11, 9, tzinfo=timezone.utc)


def test_newfoundland_and_berlin():
    people = [Person("lea", "+01:00"), Person("tom", "-03:30")]
    slot = common_slot(people, date(2024, 3, 11))
    assert slot == datetime(2024, 3, 11, 12, 30, tzinfo=timezone.utc)
    assert invitation_lines(people, slot) == ["lea: Mon 13:30 (UTC+01:00)", "tom: Mon 09:00 (UTC-03:30)"]


def test_no_overlap_between_opposite_sides_of_the_world():
    assert common_slot([Person("kim", "+09:00"), Person("sam", "-0800")], date(2024, 3, 11)) is None
