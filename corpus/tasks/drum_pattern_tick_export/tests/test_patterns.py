import pytest
from patterns import Pattern, PatternError, parse_pattern, render_pattern

GROOVE = """
kick : x...x...x...x...
snare: ....x.......x...
"""


def test_parse_and_render():
    pattern = parse_pattern(GROOVE)
    assert pattern == Pattern({"kick": (0, 4, 8, 12), "snare": (4, 12)}, 16)
    assert render_pattern(pattern) == GROOVE.strip()


def test_pattern_mistakes_are_named():
    with pytest.raises(PatternError, match="line 2: 8 steps, earlier tracks have 16"):
        parse_pattern("kick: x...x...x...x...\nhat: x.x.x.x.")
    with pytest.raises(PatternError, match="line 1: use only 'x'"):
        parse_pattern("kick: x..o")
