import pytest
from ranges import Range
from versions import Version, VersionError


def allowed(spec, *versions):
    rng = Range(spec)
    return [v for v in versions if rng.matches(v)]


def test_version_precedence():
    order = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0"]
    assert sorted(order, key=Version.parse) == order
    with pytest.raises(VersionError, match="like 1.4.2"):
        Version.parse("1.4")


def test_caret_on_a_stable_major():
    assert allowed("^1.2.3", "1.2.2", "1.2.3", "1.9.0", "2.0.0") == ["1.2.3", "1.9.0"]


def test_caret_below_one_pins_the_leftmost_non_zero_part():
    assert allowed("^0.2.3", "0.2.3", "0.2.9", "0.3.0") == ["0.2.3", "0.2.9"]
    assert allowed("^0.0.3", "0.0.3", "0.0.4") == ["0.0.3"]
    assert allowed("^0.2", "0.2.0", "0.2.7", "0.3.0") == ["0.2.0", "0.2.7"]
    assert allowed("^0.0", "0.0.0", "0.0.7", "0.1.0") == ["0.0.0", "0.0.7"]


def test_tilde_allows_patch_or_minor_updates():
    assert allowed("~1.2.3", "1.2.3", "1.2.8", "1.3.0") == ["1.2.3", "1.2.8"]
    assert allowed("~1", "1.0.0", "1.4.2", "2.0.0") == ["1.0.0", "1.4.2"]


def test_x_ranges_comparators_and_unions():
    assert allowed("1.2.x", "1.1.9", "1.2.0", "1.2.14", "1.3.0") == ["1.2.0", "1.2.14"]
    assert allowed(">=1.4.0 <1.6.0 || 3.x", "1.3.0", "1.5.1", "2.0.0", "3.1.0") == ["1.5.1", "3.1.0"]


def test_hyphen_ranges_with_partial_upper_bounds():
    assert allowed("1.2.3 - 2.3.4", "1.2.3", "2.3.4", "2.3.5") == ["1.2.3", "2.3.4"]
    assert allowed("1.2.3 - 2.3", "2.3.0", "2.3.9", "2.4.0") == ["2.3.0", "2.3.9"]


def test_prereleases_only_on_the_same_release():
    rng = Range(">=1.2.3-beta.1 <2.0.0")
    assert rng.matches("1.2.3-beta.4")
    assert not rng.matches("1.3.0-alpha")
    assert rng.best(["1.2.3-beta.2", "1.3.0-rc.1", "1.2.9"]) == "1.2.9"
