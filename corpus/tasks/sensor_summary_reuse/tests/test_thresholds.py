from alarms import Alarm, Band, check_alarms
from readings import Reading, parse_readings
from render import render_table

LINES = ["1,boiler,71", "2,boiler,95", "3,boiler,97", "4,boiler,98", "5,boiler,70", "6,boiler,96", "7,attic,-5"]


def test_alarm_needs_consecutive_excursions():
    alarms = check_alarms(parse_readings(LINES), {"boiler": Band(60, 90, repeat=2)})
    assert alarms == [Alarm("boiler", 2, 97.0)]


def test_each_excursion_alarms_once():
    readings = list(parse_readings(LINES + ["8,boiler,99"]))
    assert [a.started for a in check_alarms(readings, {"boiler": Band(60, 90, repeat=2)})] == [2, 6]


def test_sensors_without_band_are_ignored():
    assert check_alarms([Reading(1, "attic", -40.0)] * 3, {"boiler": Band(0, 1)}) == []


def test_render_empty_and_filled():
    assert render_table({}) == "no valid readings"
    table = render_table({"attic": {"count": 2, "mean": 19.0, "max": 20.0, "share": 0.5}})
    assert table.splitlines()[2] == "attic          2    19.00    20.00   50.0%"
