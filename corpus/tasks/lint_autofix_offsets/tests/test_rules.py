from rules import Fix, lint, no_tabs, none_compare, trailing_space


def test_each_rule_points_at_the_original_text():
    src = "\tx = 1  \ny = x != None\n"
    assert no_tabs(src) == [Fix("no-tabs", 0, 1, "\t", "    ")]
    assert trailing_space(src) == [Fix("trailing-space", 6, 8, "  ", "")]
    assert none_compare(src) == [Fix("none-compare", 15, 22, "!= None", "is not None")]
    assert [src[f.start:f.end] for f in lint(src)] == ["\t", "  ", "!= None"]


def test_clean_code_has_no_findings():
    assert lint('def f(x):\n    return x is None or "a"\n') == []
