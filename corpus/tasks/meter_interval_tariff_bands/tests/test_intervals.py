from intervals import interval_index, interval_starts, label


def test_half_hour_intervals():
    starts = interval_starts(48, step_hours=0.5)
    assert starts[14] == 7.0 and starts[-1] == 23.5
    assert label(starts[15]) == "07:30"


def test_six_minute_intervals_land_on_the_hour():
    starts = interval_starts(240)
    assert starts[70] == 7.0
    assert [label(starts[i]) for i in (0, 1, 70, 161, 239)] == ["00:00", "00:06", "07:00", "16:06", "23:54"]


def test_finding_the_interval_of_a_time():
    assert interval_index(7.0) == 70
    assert interval_index(16.5, step_hours=0.5) == 33
    assert interval_index(0.05) == 0


def test_quarter_hours_from_a_later_start():
    starts = interval_starts(6, step_hours=0.25, first=6.5)
    assert starts == [6.5, 6.75, 7.0, 7.25, 7.5, 7.75]
    assert [label(s) for s in starts[:3]] == ["06:30", "06:45", "07:00"]
    assert interval_index(6.75, step_hours=0.25) == 27


def test_a_start_just_under_a_whole_minute_in_floats_keeps_its_minute():
    # 4.1 h * 60 is 245.99999999999997 in floats: still minute 246, 04:06
    assert interval_starts(2, first=4.1) == [4.1, 4.2]
    assert label(4.1) == "04:06"
    assert interval_index(4.1) == 41
    assert interval_starts(3, step_hours=1.0) == [0.0, 1.0, 2.0]
