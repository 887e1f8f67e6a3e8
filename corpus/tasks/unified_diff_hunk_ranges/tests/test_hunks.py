import difflib

from hunks import group_hunks, unified
from textdiff import opcodes

OLD = "".join(f"line {n}\n" for n in range(1, 21))


def reference(old, new, context=3):
    """What the standard library's difflib writes for the same change."""
    old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
    return "".join(difflib.unified_diff(old_lines, new_lines, "a", "b", n=context, lineterm="\n"))


def edit(text, **changes):
    lines = text.splitlines(keepends=True)
    for index, value in sorted(changes.items(), reverse=True):
        lines[int(index[1:])] = value
    return "".join(lines)


def test_identical_texts_have_no_diff():
    assert unified(OLD, OLD) == ""
    assert unified("", "") == ""
    assert group_hunks(opcodes(["a\n"], ["a\n"])) == []


def test_one_changed_line_with_context():
    new = edit(OLD, i9="line ten\n")
    assert unified(OLD, new) == reference(OLD, new)
    assert "@@ -7,7 +7,7 @@\n" in unified(OLD, new)


def test_distant_changes_make_two_hunks():
    new = edit(OLD, i1="two\n", i15="sixteen\n")
    assert unified(OLD, new) == reference(OLD, new)


def test_changes_six_lines_apart_share_a_hunk():
    new = edit(OLD, i4="five\n", i11="twelve\n")
    assert unified(OLD, new).count("@@ -") == 1
    assert unified(OLD, new) == reference(OLD, new)


def test_changes_seven_lines_apart_make_two_hunks():
    new = edit(OLD, i4="five\n", i12="thirteen\n")
    assert unified(OLD, new).count("@@ -") == 2
    assert unified(OLD, new) == reference(OLD, new)


def test_zero_context_insertions_and_deletions():
    inserted = OLD.replace("line 4\n", "line 4\nextra\n")
    assert unified(OLD, inserted, context=0) == reference(OLD, inserted, context=0)
    deleted = OLD.replace("line 12\n", "")
    assert unified(OLD, deleted, context=0) == reference(OLD, deleted, context=0)


def test_new_file_from_nothing():
    assert unified("", "hello\nworld\n") == reference("", "hello\nworld\n")
