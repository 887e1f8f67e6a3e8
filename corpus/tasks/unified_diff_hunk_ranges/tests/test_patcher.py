import pytest
from changed_lines import changed_lines
from hunks import unified
from patcher import PatchError, apply_patch

OLD = "".join(f"line {n}\n" for n in range(1, 13))


def test_round_trip_with_context():
    new = OLD.replace("line 3\n", "line three\n").replace("line 10\n", "")
    assert apply_patch(OLD, unified(OLD, new)) == new
    assert apply_patch(OLD, unified(OLD, new, context=1)) == new


def test_round_trip_without_context():
    new = OLD.replace("line 1\n", "").replace("line 7\n", "line 7\nline 7b\n")
    assert apply_patch(OLD, unified(OLD, new, context=0)) == new


def test_stale_patches_are_refused():
    diff = unified(OLD, OLD.replace("line 5\n", "five\n"))
    with pytest.raises(PatchError, match="context mismatch at old line 4"):
        apply_patch(OLD.replace("line 4\n", "LINE 4\n"), diff)


def test_changed_lines_for_review_comments():
    new = OLD.replace("line 2\n", "line two\n").replace("line 8\n", "line 8\nnote\n").replace("line 11\n", "")
    assert changed_lines(unified(OLD, new, context=0)) == ([2, 9], [11])


def test_hand_written_diff_with_a_deletion_at_the_top():
    diff = "--- a\n+++ b\n@@ -1 +0,0 @@\n-line 1\n@@ -6,0 +6 @@\n+new\n"
    assert apply_patch(OLD, diff).splitlines()[:6] == ["line 2", "line 3", "line 4", "line 5", "line 6", "new"]
    assert changed_lines(diff) == ([6], [0])
