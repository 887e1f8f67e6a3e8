"""The replay's rebuilt state: the workspace after edits, breakpoints, locals against the previous
inspection, and the model's words beside each call."""

from tests.helpers.tasks import RUNNING_AVERAGE
from tests.webapp.conftest import load_fixture_document
from webapp.trajectories.replay import reference_fix, shown_locals, steps_from_document, view_at

TASK_FILES = {"buggy": {"m.py": "a = 1  # BUG: should be 2\nb = a\n"}, "correct": {"m.py": "a = 2\nb = a\n"},
              "tests": {"test_m.py": "from m import b\n"}, "shared": {}}


def step(turn, tool, arguments=None, observation="", position=None, error=False):
    return {"turn": turn, "tool": tool, "arguments": arguments or {}, "observation": observation,
            "position": position, "error": error}


def test_edits_rebuild_the_workspace_and_show_their_diff_without_maintainer_notes():
    steps = steps_from_document({"steps": [
        step(1, "edit_file", {"file_path": "m.py", "old_string": "a = 1", "new_string": "a = 2"}),
        step(2, "edit_file", {"file_path": "m.py", "old_string": "missing", "new_string": "x"}, error=True),
        step(3, "write_file", {"file_path": "./n.py", "content": "c = 3\n"}),
        step(4, "bash", {"command": "sed -i s/2/3/ m.py"}, position=None)]})

    first, third, fourth = (view_at(steps, i, TASK_FILES) for i in (0, 2, 3))

    assert "-a = 1\n+a = 2\n" in first.edit_diff and "BUG" not in first.edit_diff
    assert first.source_file == "m.py" and first.source_text == "a = 2\nb = a\n"
    assert third.edit_diff.startswith("--- a/n.py\n+++ b/n.py\n") and third.source_text == "c = 3\n"
    assert fourth.edit_untracked and not fourth.edit_diff
    assert reference_fix(TASK_FILES) == "--- a/m.py\n+++ b/m.py\n@@ -1,2 +1,2 @@\n-a = 1\n+a = 2\n b = a\n"


def test_breakpoints_follow_the_debuggers_answers_and_the_cursor_the_position():
    steps = steps_from_document({"steps": [
        step(1, "add_breakpoint", {}, "m.py:1: breakpoint set\nm.py:2: breakpoint set", ["test_m.py", 1]),
        step(2, "remove_breakpoint", {}, "m.py:1: breakpoint removed", ["test_m.py", 1]),
        step(3, "continue_execution", {}, "m.py:2 in <module>", ["m.py", 2])]})

    view = view_at(steps, 2, TASK_FILES)

    assert view.breakpoints == [("m.py", 2)]
    lines = view.source_lines()
    assert [(line.number, line.cursor, line.breakpoint) for line in lines] == [(1, False, False), (2, True, True)]
    assert "<span" in lines[0].html  # highlighted by Pygments


def test_locals_are_shown_beside_the_previous_inspection_with_changes_marked():
    steps = steps_from_document({"steps": [
        step(1, "examine_locals", {}, "locals:\n  n = 1\n  items = [1]\n  gone = 'x'", ["m.py", 1]),
        step(2, "step_over", {}, "", ["m.py", 2]),
        step(3, "examine_locals", {}, "locals:\n  n = 2\n  items = [1]\n  fresh = None", ["m.py", 2])]})

    before, middle, after = (view_at(steps, i, TASK_FILES) for i in range(3))

    assert [(r.name, r.change) for r in before.locals] == [("n", "same"), ("items", "same"), ("gone", "same")]
    assert middle.inspection_turn == 1 and middle.previous_inspection_turn is None
    assert (after.inspection_turn, after.previous_inspection_turn) == (3, 1)
    assert [(r.name, r.value, r.previous, r.change) for r in after.locals] == [
        ("n", "2", "1", "changed"), ("items", "[1]", "[1]", "same"), ("fresh", "None", None, "new"),
        ("gone", "", "'x'", "gone")]
    failed = steps_from_document({"steps": [step(1, "examine_locals", {}, "Error: the debugger is not running",
                                                 error=True)]})
    assert shown_locals(failed[0]) is None


def test_a_recorded_episode_pairs_each_call_with_the_words_before_it():
    document = load_fixture_document("running_average_dbg.json")

    steps = steps_from_document(document)

    assert (steps[0].turn, steps[0].tool, steps[0].thought.splitlines()[0]) == (1, "bash", "Let me run the tests first.")
    assert steps[2].summary == 'add_breakpoint(file="stats_window.py", line=10)'
    assert steps[13].observation.startswith("<script>alert(1)</script>")
    files = {"buggy": {"stats_window.py": (RUNNING_AVERAGE / "buggy" / "stats_window.py").read_text()}}
    assert view_at(steps, 12, files).edit_diff.count("\n+") == 2  # the +++ header and the changed line


def test_an_inspection_that_found_no_locals_says_so_instead_of_no_inspection_yet():
    from django.template.loader import render_to_string

    steps = steps_from_document({"steps": [step(1, "examine_locals", {}, "(none)", ["m.py", 1])]})
    view = view_at(steps, 0, TASK_FILES)

    shown = render_to_string("trajectories/replay/locals.html", {"view": view})

    assert view.inspection_turn == 1 and view.locals == []
    assert "No locals listed yet" not in shown and "turn 1 found no local variables" in shown
