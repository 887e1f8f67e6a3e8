import pytest
from contrast import ColourError, contrast_ratio, is_large, luminance, parse_colour, passes


def test_colour_syntaxes():
    assert tuple(parse_colour("#1A2b3C")) == (26, 43, 60)
    assert tuple(parse_colour("rgb(26, 43, 60)")) == (26, 43, 60)
    assert tuple(parse_colour("#fc0")) == (255, 204, 0)
    with pytest.raises(ColourError, match="like #1a2b3c"):
        parse_colour("teal")
    with pytest.raises(ColourError, match="from 0 to 255"):
        parse_colour("rgb(300, 0, 0)")


def test_luminance_of_primaries():
    assert luminance("#ff0000") == pytest.approx(0.2126)
    assert luminance("#00ff00") == pytest.approx(0.7152)
    assert luminance("#000000") == 0


def test_contrast_extremes_and_symmetry():
    assert contrast_ratio("#000", "#fff") == pytest.approx(21.0)
    assert contrast_ratio("#fff", "#fff") == pytest.approx(1.0)
    assert contrast_ratio("#0066cc", "#ffffff") == pytest.approx(contrast_ratio("#ffffff", "#0066cc"))


def test_the_grey_just_above_and_below_aa():
    assert round(contrast_ratio("#767676", "#ffffff"), 2) == 4.54
    assert passes("#767676", "#ffffff")
    assert not passes("#777777", "#ffffff")


def test_large_text_thresholds():
    assert [is_large(18), is_large(19, bold=True), is_large(24), is_large(18.5, bold=True)] == [
        False, True, True, False]
    assert [is_large(23.5), is_large(18.66, bold=True)] == [False, True]
    assert passes("#949494", "#ffffff", size_px=24)
    assert not passes("#949494", "#ffffff", size_px=20)


def test_levels_are_checked():
    assert passes("#595959", "#ffffff", level="AAA")
    with pytest.raises(ValueError, match="'AA' or 'AAA'"):
        passes("#000", "#fff", level="A")
