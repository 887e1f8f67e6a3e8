import pytest
from outline import OutlineError, parse
from progress import progress, render

SPACES = """
- release
    - [x] tag
    - [ ] publish
        - [x] wheels
        - [ ] docs
- [x] announce
"""


def test_tabs_indent_like_four_spaces():
    mixed = "- release\n\t- [x] tag\n    - [ ] publish\n\t\t- [x] wheels\n        - [ ] docs\n- [x] announce\n"
    assert render(parse(mixed)) == render(parse(SPACES))


def test_spaces_outline():
    assert render(parse(SPACES)) == [
        "[ ] release", "  [x] tag", "  [ ] publish", "    [x] wheels", "    [ ] docs", "[x] announce"]


def test_progress_counts_leaves():
    assert progress(SPACES) == 75


def test_errors():
    with pytest.raises(OutlineError, match="line 1: items start with '- '"):
        parse("* nope")
    with pytest.raises(OutlineError, match="dedented past the first item"):
        parse("    - a\n- b")


def test_tab_indented_subtasks_count_toward_progress():
    text = "- ship\n\t- [x] build\n    - [x] test\n\t- [ ] deploy\n- [ ] celebrate\n"
    assert progress(text) == 50
