import json

import pytest
from cattrs import transform_error
from cattrs.errors import ClassValidationError

from alarms import AlarmPanel
from control import decide, describe, plan
from loader import dump_site, load_site
from model import Limits, Site, Zone

V1 = {"site": "Westland", "poll_seconds": 30, "zones": [
    {"name": "tomatoes", "temperature": {"low": 12.0, "high": 28.0}, "vents": 4},
    {"name": "seedlings", "humidity": {"low": 60.0, "high": 95.0}}]}
V2 = {"console_version": 2, "site": "Aalsmeer", "zones": [
    {"name": "roses", "temperature": {"min": 15.0, "max": 26.0}, "humidity": {"min": 50.0, "max": 80.0},
     "vent_count": 6},
    {"name": "orchids", "temperature": {"min": 18.0, "max": 30.0}}]}


def test_v1_export_loads_with_defaults():
    site = load_site(json.dumps(V1))
    assert site.poll_seconds == 30
    assert site.zones[0] == Zone("tomatoes", Limits(12.0, 28.0), Limits(30.0, 90.0), 4)
    assert site.zones[1].temperature == Limits(5.0, 35.0)


def test_round_trip_of_a_v1_site():
    site = load_site(json.dumps(V1))
    assert load_site(dump_site(site)) == site


def test_unknown_console_version():
    with pytest.raises(ValueError, match="unsupported console version 3"):
        load_site(json.dumps({"console_version": 3, "site": "x", "zones": []}))


def test_control_decisions():
    zone = Zone("tomatoes", Limits(12.0, 28.0), Limits(40.0, 85.0), 4)
    assert decide(zone, 31.0, 70.0) == ["open 4 vents"]
    assert decide(zone, 10.0, 30.0) == ["heat", "mist"]
    assert decide(zone, 20.0, 90.0) == ["open 2 vents"]
    assert decide(zone, 20.0, 60.0) == ["hold"]


def test_v2_export_keeps_the_consoles_limits():
    site = load_site(json.dumps(V2))
    roses = site.zones[0]
    assert roses.temperature == Limits(15.0, 26.0)
    assert roses.humidity == Limits(50.0, 80.0)
    assert roses.vents == 6


def test_plan_for_a_v2_site():
    site = load_site(json.dumps(V2))
    assert plan(site, {"roses": (27.5, 70.0), "orchids": (17.0, 85.0)}) == {
        "orchids": ["heat"], "roses": ["open 6 vents"]}
    with pytest.raises(KeyError, match="unknown zone"):
        plan(site, {"cacti": (20.0, 20.0)})


def test_alarm_needs_three_strikes_and_clears_with_margin():
    site = load_site(json.dumps(V1))
    panel = AlarmPanel(site)
    readings = [29.0, 29.5, 27.0, 29.0, 30.0, 31.0, 27.5, 26.0]
    states = [panel.feed(poll, "tomatoes", t) for poll, t in enumerate(readings)]
    assert states == [False, False, False, False, False, True, True, False]
    assert panel.history("tomatoes") == [(5, "raised", 31.0), (7, "cleared", 26.0)]
    assert panel.active() == []


def test_alarms_on_a_v2_site_use_its_limits():
    panel = AlarmPanel(load_site(json.dumps(V2)), strikes_to_raise=2)
    for poll, temperature in enumerate([26.5, 27.0, 25.5]):
        panel.feed(poll, "roses", temperature)
    assert panel.active() == ["roses"]
    assert panel.history("roses") == [(1, "raised", 27.0)]


def test_site_description():
    assert describe(load_site(json.dumps(V1))) == ["Westland (poll every 30 s)",
                                                   "  tomatoes: 12-28 C, 30-90 % RH, 4 vents",
                                                   "  seedlings: 5-35 C, 60-95 % RH, 2 vents"]


def test_misspelled_setting_is_refused():
    typo = {"site": "Westland", "zones": [{"name": "tomatoes", "temperature": {"low": 12.0, "hihg": 28.0}}]}
    with pytest.raises(ClassValidationError) as caught:
        load_site(json.dumps(typo))
    assert transform_error(caught.value) == ["extra fields found (hihg) @ $.zones[0].temperature"]
