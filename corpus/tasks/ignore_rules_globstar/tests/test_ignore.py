import pytest
from globmatch import match
from ignore import RuleError, is_ignored, kept, parse_rules

RULES = """
# build output
build/
*.pyc
/docs/_site
logs/**/*.log
!logs/keep/**/*.log
"""


def test_unanchored_pattern_matches_at_the_top_level_too():
    rules = parse_rules(RULES)
    assert is_ignored(rules, "module.pyc")
    assert is_ignored(rules, "pkg/sub/module.pyc")


def test_segment_wildcards():
    assert match("src/*.py", "src/app.py")
    assert not match("src/*.py", "src/pkg/app.py")
    assert match("data/file?.csv", "data/file1.csv")


def test_globstar_spans_several_directories():
    assert match("logs/**/*.log", "logs/2026/03/app.log")
    assert match("a/**/b", "a/x/y/b")


def test_directory_rules_and_parents():
    rules = parse_rules(RULES)
    assert is_ignored(rules, "build", is_dir=True)
    assert is_ignored(rules, "build/lib/x.txt")
    assert not is_ignored(rules, "build.txt")


def test_anchored_rule_only_at_root():
    rules = parse_rules(RULES)
    assert is_ignored(rules, "docs/_site", is_dir=True)
    assert not is_ignored(rules, "pkg/docs/_site", is_dir=True)


def test_globstar_may_match_no_directories():
    assert match("a/**/b", "a/b")
    rules = parse_rules(RULES)
    assert kept(rules, [("logs/app.log", False), ("logs/keep/app.log", False), ("logs/readme.md", False)]) == [
        "logs/keep/app.log", "logs/readme.md"]


def test_bad_rules_are_reported():
    with pytest.raises(RuleError, match="line 2: rule '!' matches nothing"):
        parse_rules("*.tmp\n!\n")
