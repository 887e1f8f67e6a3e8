import pytest
from cascade import Element, computed_style, explain, stylesheet
from selector_parser import SelectorError, parse
from specificity import specificity

THEME = """
button { color: black; background: white; padding: 4px }
.btn.primary { color: white }
nav .btn.primary { background: navy }
.btn:is(.primary, .secondary, .ghost) { background: blue; border: none }
:where(#main) .btn { color: gray; padding: 8px }
.btn:not(.disabled, .ghost):hover { background: teal }
#cta { font-weight: bold }
"""


def page():
    body = Element("body")
    nav = Element("nav", parent=body)
    main = Element("main", id="main", parent=body)
    cta = Element("button", id="cta", classes=("btn", "primary"), parent=nav)
    save = Element("button", classes=("btn", "primary"), parent=main)
    ghost = Element("button", classes=("btn", "ghost"), states=("hover",), parent=main)
    return {"cta": cta, "save": save, "ghost": ghost}


def test_plain_selectors():
    assert specificity(parse("nav > a.active")[0]) == (0, 1, 2)
    assert specificity(parse("#cta")[0]) == (1, 0, 0)
    assert specificity(parse("li:hover")[0]) == (0, 1, 1)


def test_nav_button_uses_the_navigation_background():
    rules = stylesheet(THEME)
    assert computed_style(rules, page()["cta"]) == {
        "background": "navy", "border": "none", "color": "white", "font-weight": "bold", "padding": "4px"}


def test_where_adds_no_weight():
    rules = stylesheet(THEME)
    style = computed_style(rules, page()["save"])
    assert (style["color"], style["padding"]) == ("white", "8px")


def test_inspector_names_the_winning_rule():
    rules = stylesheet(THEME)
    assert explain(rules, page()["cta"], "background") == "background from 'nav .btn.primary' (0, 2, 1)"
    assert explain(rules, page()["ghost"], "color") == "color from ':where(#main) .btn' (0, 1, 0)"


def test_not_excludes_listed_classes():
    rules = stylesheet(THEME)
    assert computed_style(rules, page()["ghost"])["background"] == "blue"
    hovered = Element("button", classes=("btn",), states=("hover",))
    assert computed_style(rules, hovered)["background"] == "teal"


def test_parse_errors_are_reported():
    with pytest.raises(SelectorError, match=":has\\(\\) in"):
        parse("a:has(.b)")
    with pytest.raises(SelectorError, match="':is\\(' is never closed"):
        parse("a:is(.b")
    with pytest.raises(SelectorError, match="empty selector at 2"):
        parse("a {")


def test_is_takes_its_most_specific_argument():
    assert specificity(parse("p:is(.aside, #main)")[0]) == (1, 0, 1)
