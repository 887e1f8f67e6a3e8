from fixer import apply_fixes
from rules import Fix, lint


def test_fixes_that_keep_the_length():
    src = "if name == None:\n    greet('ana')\n"
    result = apply_fixes(src, lint(src))
    assert result.text == 'if name is None:\n    greet("ana")\n'
    assert result.skipped == []


def test_tabs_and_trailing_spaces_in_one_pass():
    src = "def f(x):\n\tif x:  \n\t\treturn 1\n"
    result = apply_fixes(src, lint(src))
    assert result.text == "def f(x):\n    if x:\n        return 1\n"
    assert [f.rule for f in result.applied] == ["no-tabs", "trailing-space", "no-tabs"]


def test_a_longer_replacement_before_other_fixes():
    src = "ok = value != None\nlabel = 'done'\n"
    assert apply_fixes(src, lint(src)).text == 'ok = value is not None\nlabel = "done"\n'


def test_overlapping_fixes_keep_the_first():
    src = "x = 'a' != None\n"
    first = Fix("widen", 4, 7, "'a'", "'alpha'")
    clash = Fix("narrow", 5, 6, "a", "b")
    later = Fix("none-compare", 8, 15, "!= None", "is not None")
    result = apply_fixes(src, [clash, later, first])
    assert result.text == "x = 'alpha' is not None\n"
    assert result.skipped == [clash]


def test_touching_fixes_both_apply_and_a_stale_fix_is_skipped():
    src = "x = 'a'\n"
    left = Fix("quote-open", 4, 5, "'", '"')
    right = Fix("widen", 5, 6, "a", "alpha")
    stale = Fix("quote-close", 6, 7, '"', "'")
    result = apply_fixes(src, [stale, right, left])
    assert result.text == 'x = "alpha\'\n'
    assert (result.applied, result.skipped) == ([left, right], [stale])
