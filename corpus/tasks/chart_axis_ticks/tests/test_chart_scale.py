import pytest
from axis import ticks
from labels import tick_labels
from scale import LinearScale, ScaleError, pixel_positions, svg_ticks


def test_scale_maps_and_inverts():
    scale = LinearScale(0, 10, 0, 200)
    assert scale(2.5) == 50
    assert scale.invert(150) == 7.5


def test_reversed_range_for_a_vertical_axis():
    scale = LinearScale(0, 100, 300, 0)
    assert pixel_positions(scale, [0, 50, 100]) == [300, 150, 0]


def test_svg_ticks_for_a_whole_number_axis():
    scale = LinearScale(0, 4, 0, 100)
    positions = ticks(0, 4, 2)
    assert svg_ticks(scale, positions, tick_labels(positions, 2), y=110) == [
        '<text x="0" y="110">0</text>', '<text x="50" y="110">2</text>', '<text x="100" y="110">4</text>']


def test_svg_ticks_for_a_fractional_axis():
    scale = LinearScale(0, 0.5, 0, 100)
    positions = ticks(0, 0.5, 0.1)
    labels = tick_labels(positions, 0.1)
    assert labels[-1] == "0.5"
    assert svg_ticks(scale, positions, labels)[-1] == '<text x="100" y="0">0.5</text>'


def test_degenerate_scales_and_mismatched_labels():
    with pytest.raises(ScaleError, match="non-empty domain"):
        LinearScale(3, 3, 0, 10)
    with pytest.raises(ScaleError, match="2 tick positions but 1 labels"):
        svg_ticks(LinearScale(0, 1, 0, 10), [0, 1], ["0"])
