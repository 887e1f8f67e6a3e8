import pytest
from axis import AxisError, nice_step, ticks
from chart import axis_labels, bar_chart
from labels import tick_labels


def test_fractional_axis_reaches_its_end():
    assert axis_labels(0.3, step=0.1) == ["0.0", "0.1", "0.2", "0.3"]


def test_whole_number_axis():
    assert axis_labels(10, step=2) == ["0", "2", "4", "6", "8", "10"]


def test_an_axis_starting_above_zero_stops_at_the_last_whole_step():
    assert ticks(10, 14.6, 1) == [10, 11, 12, 13, 14]


def test_nice_steps():
    assert nice_step(10) == 2
    assert nice_step(1) == 0.2
    assert nice_step(100) == 20


def test_labels_use_the_decimals_of_the_step():
    assert tick_labels([0, 0.25, 0.5], 0.25) == ["0.00", "0.25", "0.50"]


def test_percent_axis_has_eleven_ticks():
    positions = ticks(0, 0.7, 0.07)
    assert len(positions) == 11
    assert tick_labels(positions, 0.07)[-1] == "0.70"


def test_bad_axes_are_refused():
    with pytest.raises(AxisError, match="step must be positive"):
        ticks(0, 1, 0)
    with pytest.raises(AxisError, match="below its start"):
        ticks(5, 1, 1)


def test_bar_chart_layout():
    out = bar_chart({"a": 4, "bb": 2}, width=4, step=2)
    assert out.splitlines() == [" a |####", "bb |##", "   +----", "    0 2 4"]
