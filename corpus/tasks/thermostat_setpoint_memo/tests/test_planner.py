import pytest
from comfort import ComfortModel, Zone
from energy import heating_kwh
from planner import DayPlanner


def test_plan_follows_each_schedule():
    plan = DayPlanner(ComfortModel()).plan([Zone("lounge", "living"), Zone("study", "office", offset=1)])
    assert plan["lounge"][7] == 20.5 and plan["lounge"][18] == 21.0
    assert plan["study"][10] == 21.0 and plan["study"][22] == 16.0


def test_each_zone_gets_its_own_dial_setting():
    zones = [Zone("kids", "bedroom", offset=-1), Zone("guest", "bedroom", offset=-2), Zone("main", "bedroom")]
    plan = DayPlanner(ComfortModel()).plan(zones)
    assert [plan[z][7] for z in ("kids", "guest", "main")] == [18.0, 17.0, 19.0]


def test_the_model_is_evaluated_once_per_distinct_input():
    model = ComfortModel()
    planner = DayPlanner(model)
    zones = [Zone("a", "office", offset=-1), Zone("b", "office", offset=-2), Zone("c", "office", offset=-1)]
    planner.plan(zones)
    assert model.evaluations == 48


def test_eco_mode_replans():
    planner = DayPlanner(ComfortModel())
    zone = Zone("lounge", "living", offset=2)
    assert planner.plan([zone])["lounge"][18] == 23.0
    planner.switch_eco(True)
    assert planner.plan([zone])["lounge"][18] == 22.0


def test_heating_energy_for_the_day():
    zones = [Zone("kids", "bedroom", offset=-1, area_m2=12), Zone("guest", "bedroom", offset=-2, area_m2=10)]
    plan = DayPlanner(ComfortModel()).plan(zones)
    assert heating_kwh(plan, zones, [5.0] * 24) == {"kids": 5.1, "guest": 3.9}
    with pytest.raises(ValueError, match="24 hourly values"):
        heating_kwh(plan, zones, [5.0])
