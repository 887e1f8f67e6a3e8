from comfort import ComfortModel, Zone
from hub import Hub
from planner import DayPlanner


def test_only_changed_hours_are_pushed_again():
    hub = Hub(DayPlanner(ComfortModel()))
    zones = [Zone("study", "office")]
    assert hub.push(zones) == 24
    assert hub.push(zones) == 0
    assert hub.push([Zone("study", "office", offset=2)]) == 24
    assert hub.valve_schedule("study")[9] == 22.0


def test_two_turned_down_rooms_get_their_own_schedules():
    hub = Hub(DayPlanner(ComfortModel()))
    hub.push([Zone("nursery", "bedroom", offset=-1), Zone("attic", "bedroom", offset=-2)])
    assert hub.valve_schedule("nursery")[0] == 15.5
    assert hub.valve_schedule("attic")[0] == 14.5
