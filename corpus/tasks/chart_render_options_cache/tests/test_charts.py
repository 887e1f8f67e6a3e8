import charts
import pytest
from options import ChartOptions, OptionsError

SALES = {"north": 10, "south": 5}


@pytest.fixture(autouse=True)
def fresh_cache():
    charts.chart_header.cache_clear()
    charts.renders.clear()


def test_custom_accent_does_not_stick_to_later_charts():
    custom = charts.render_request("Sales", SALES, {"theme": "light", "color.accent": "#00aa00"})
    plain = charts.render_request("Sales", SALES, {"theme": "light"})
    assert custom.startswith("[#ffffff|#00aa00]")
    assert plain.startswith("[#ffffff|#1f77b4]")


def test_header_uses_theme_colours():
    header = charts.render_request("Sales", SALES, {"theme": "dark", "width": "20"}).splitlines()[0]
    assert header == "[#111111|#ff7f0e]        Sales        "


def test_bars_scale_to_width():
    lines = charts.render_request("Sales", SALES, {"width": "22"}).splitlines()
    assert lines[1:] == ["north      |##########", "south      |#####"]


def test_a_chart_without_a_width_is_forty_columns_wide():
    lines = charts.render_request("Sales", SALES, {"theme": "dark"}).splitlines()
    assert lines == ["[#111111|#ff7f0e]                  Sales                  ",
                     "north      |" + "#" * 28, "south      |" + "#" * 14]


def test_same_options_render_header_once():
    charts.render_request("Sales", SALES, {"theme": "dark"})
    charts.render_request("Sales", {"east": 3}, {"theme": "dark"})
    assert charts.renders == ["Sales"]


def test_unknown_colour_is_rejected():
    with pytest.raises(OptionsError, match="cannot override shadow"):
        ChartOptions(colors={"shadow": "#000"}).palette()


def test_nice_steps():
    from axis import nice_step

    assert [nice_step(10), nice_step(7), nice_step(130), nice_step(0.9)] == [2, 2, 50, 0.2]


def test_ticks_cover_the_range():
    from axis import ticks

    assert ticks(0, 10) == [0, 2, 4, 6, 8, 10]
    assert ticks(3, 47) == [0, 10, 20, 30, 40, 50]


def test_legend_uses_the_palette():
    from axis import legend

    palette = ChartOptions(theme="dark").palette()
    assert legend(["north", "south", "east"], palette) == "#ff7f0e=north  #eeeeee=south  #ff7f0e=east"


def test_bad_span_is_rejected():
    from axis import nice_step

    with pytest.raises(ValueError, match="span must be positive"):
        nice_step(0)
