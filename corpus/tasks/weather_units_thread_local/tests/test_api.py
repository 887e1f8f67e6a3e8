import threading

import pytest

from api import StationApi, units_from_query
from convert import convert, render_reading
from forecast import daily_extremes, summarize
from units import Preferences

READINGS = [{"station": "oslo", "temp_c": -3.5, "wind_ms": 5.0, "pressure_hpa": 1013.2},
            {"station": "lima", "temp_c": 19.25, "wind_ms": 2.5, "pressure_hpa": 1009.0}]


def test_conversions():
    assert convert("temperature", -3.5, "F") == pytest.approx(25.7)
    assert convert("wind", 5.0, "km/h") == 18.0
    with pytest.raises(ValueError, match="cannot show wind in 'knots'"):
        convert("wind", 1, "knots")


def test_units_from_query():
    assert units_from_query("/stations/oslo?units=imperial") == {"temperature": "F", "wind": "mph",
                                                                 "pressure": "inHg"}
    assert units_from_query("/stations/oslo?temperature=K") == {"temperature": "K"}


def test_override_lasts_for_the_block():
    prefs = Preferences()
    with prefs.override(temperature="F", precision=0):
        assert render_reading(prefs, READINGS[0]) == "oslo: 26°F, wind 18 km/h, 1013 hPa"
    assert prefs.current()["temperature"] == "C"
    with pytest.raises(KeyError, match="unknown unit preference"):
        with prefs.override(colour="blue"):
            pass


def test_requests_in_sequence():
    api = StationApi(Preferences(), READINGS)
    assert api.handle("/stations/oslo?units=imperial") == (
        200, "oslo: 25.7°F, wind 11.2 mph, 29.920 inHg")
    assert api.handle("/stations/lima") == (200, "lima: 19.2°C, wind 9.0 km/h, 1009.0 hPa")
    assert api.handle("/stations/rome")[0] == 404
    assert api.handle("/stations/lima/?temperature=K&wind=m/s")[1].startswith("lima: 292.4K, wind 2.5 m/s")


def test_concurrent_requests_keep_their_own_units():
    us_rendering, eu_done = threading.Event(), threading.Event()

    def before_render(url):
        if "imperial" in url:
            us_rendering.set()
            eu_done.wait()

    api = StationApi(Preferences(), READINGS, before_render)
    answers = {}
    us = threading.Thread(target=lambda: answers.setdefault("us", api.handle("/stations/oslo?units=imperial")))
    us.start()
    us_rendering.wait()
    answers["eu"] = api.handle("/stations/lima")
    eu_done.set()
    us.join()
    assert answers["eu"] == (200, "lima: 19.2°C, wind 9.0 km/h, 1009.0 hPa")
    assert answers["us"] == (200, "oslo: 25.7°F, wind 11.2 mph, 29.920 inHg")


HOURLY = [("mon", 6, 2.0), ("mon", 15, 9.5), ("tue", 6, -1.0), ("tue", 15, 4.0)]
GUSTS = [("mon", 8.0), ("tue", 20.0), ("tue", 12.0)]


def test_daily_extremes():
    assert daily_extremes(HOURLY) == {"mon": (2.0, 9.5), "tue": (-1.0, 4.0)}
    assert daily_extremes([]) == {}


def test_forecast_summary_with_gale_warning():
    prefs = Preferences()
    assert summarize(prefs, HOURLY, GUSTS) == ["mon: 2.0..9.5°C", "tue: -1.0..4.0°C gale warning (72 km/h)"]
    with prefs.override(temperature="F", wind="mph", precision=0):
        assert summarize(prefs, HOURLY, GUSTS)[1] == "tue: 30..39°F gale warning (45 mph)"


def test_nested_overrides_build_on_each_other():
    prefs = Preferences()
    with prefs.override(temperature="F"):
        with prefs.override(wind="mph"):
            assert prefs.current() == {"temperature": "F", "wind": "mph", "pressure": "hPa", "precision": 1}
        assert prefs.current()["wind"] == "km/h"
