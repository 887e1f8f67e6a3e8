"""edit_relevance_v1 on hand-made trajectories: which observation each edit is linked to, by which
criterion, and the per-trajectory EditRelevant verdict."""

from __future__ import annotations

from harness.scoring import score_trajectory
from harness.scoring.task_meta import EvidenceHint
from tests.harness.scoring.builders import Trajectory, clean, task_meta


def links_of(trajectory: Trajectory, **meta) -> list[tuple[int, int, str]]:
    quality = score_trajectory(trajectory.doc(), task_meta(trajectory.preference, **meta))
    return [(link.turn, link.criterion, link.reason) for edit in quality.edit_relevance.edits for link in edit.links]


def verdict(trajectory: Trajectory, **meta):
    return score_trajectory(trajectory.doc(), task_meta(trajectory.preference, **meta)).edit_relevance


def test_an_edit_using_a_value_seen_at_a_breakpoint_is_linked_by_criterion_2():
    result = verdict(clean())
    (edit,) = result.edits
    assert (edit.turn, edit.file, edit.lines) == (7, "stats_window.py", (11,))
    (link,) = edit.links
    assert (link.turn, link.criterion, link.criterion_name) == (6, 2, "incorrect_value")
    assert link.reason == ("saw self.values = [1, 2, 6] at stats_window.py:11 in add(); the edit changes line 11 of "
                           "stats_window.py where values is used")
    assert result.edit_relevant is True and result.debugger_started is True


def test_an_edit_after_an_unrelated_inspection_is_not_linked():
    t = Trajectory()
    t.read().start().breakpoint("report.py", 6).hit("report.py", 6, "smoothed")
    t.print_variable("window", "2").examine_locals(values="[1, 2, 6]", window="2", avg="<RunningAverage>")
    t.edit().pytest().done()
    result = verdict(t)
    assert [e.links for e in result.edits] == [()]
    assert result.edit_relevant is False


def test_an_edit_inside_the_frame_selected_after_an_exception_is_linked_by_criterion_3():
    t = Trajectory()
    t.read().start().exception("stats_window.py", 15, "average")
    t.where([("stats_window.py", 15, "average"), ("stats_window.py", 12, "add"), ("report.py", 6, "smoothed")])
    t.select_frame(1, "stats_window.py", 12, "add")
    t.edit().pytest().done()
    assert links_of(t) == [(5, 3, "select_frame(1) chose add() at stats_window.py:12; the edit changes line 11 of add()")]


def test_an_edit_in_the_raising_frame_is_linked_to_the_exception_stop():
    t = Trajectory()
    t.read().start().exception("stats_window.py", 15, "average")
    t.edit(old_string="return sum(self.values) / len(self.values)",
           new_string="return sum(self.values) / len(self.values) if self.values else 0.0").pytest().done()
    ((turn, criterion, reason),) = links_of(t)
    assert (turn, criterion) == (3, 3)
    assert reason.startswith("the program stopped post-mortem on ZeroDivisionError: division by zero in average() "
                             "at stats_window.py:15")


def test_a_value_the_observation_showed_and_the_edit_adds_is_linked_by_criterion_4():
    t = Trajectory()
    t.read().start().breakpoint("report.py", 6).hit("report.py", 6, "smoothed")
    t.examine_locals(values="[1, 2, 6]", window="2", mode="'trailing_mean'")
    t.edit(old_string="self.values.pop()", new_string="self.values.pop(0)  # 'trailing_mean'").pytest().done()
    assert [(turn, c) for turn, c, _ in links_of(t)] == [(5, 4)]
    assert "showed trailing_mean; the edit to stats_window.py adds it" in links_of(t)[0][2]


def test_a_check_that_rules_out_a_hypothesis_before_moving_on_is_linked_by_criterion_1():
    t = Trajectory()
    t.read().start().breakpoint("report.py", 6).hit("report.py", 6, "smoothed")
    t.run_expression("window > 0", "True")
    t.breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.edit().pytest().done()
    ((turn, criterion, reason),) = links_of(t)
    assert (turn, criterion) == (5, 1)
    assert reason == ("checked window > 0 → True at report.py:6 in smoothed(), then moved on to "
                      "stats_window.py:11 in add() (turn 7), the function the edit changes")


def test_seeing_the_tasks_recorded_evidence_links_the_edit():
    evidence = EvidenceHint("report.py", 6, "avg.add(6)", "1.5")
    t = Trajectory()
    t.read().start().breakpoint("report.py", 6).hit("report.py", 6, "smoothed")
    t.run_expression("avg.add(6)", "1.5").edit().pytest().done()
    ((turn, criterion, reason),) = links_of(t, evidence=[evidence])
    assert (turn, criterion) == (5, 2)
    assert "the task's recorded evidence of the bug (avg.add(6) at report.py:6)" in reason
    assert links_of(t) == []  # the same trajectory, without the evidence record: nothing links it


def test_edit_relevant_is_null_without_a_debugger_start_or_without_an_edit():
    no_debugger = Trajectory()
    no_debugger.read().edit().pytest().done()
    assert verdict(no_debugger).edit_relevant is None and verdict(no_debugger).debugger_started is False
    no_edit = Trajectory()
    no_edit.read().start().breakpoint().hit().print_variable("self.values", "[1, 2]").done()
    assert verdict(no_edit).edit_relevant is None and verdict(no_edit).edits == ()


def test_one_linked_edit_makes_the_trajectory_edit_relevant():
    t = clean()
    t.steps.insert(7, {"turn": 0, "tool": "edit_file", "arguments": {
        "file_path": "report.py", "old_string": 'f"{value:.1f}"', "new_string": 'f"{value:.2f}"'},
        "observation": "Successfully replaced 1 occurrence(s) in report.py", "position": None, "error": False})
    for turn, step in enumerate(t.steps, 1):
        step["turn"] = turn
    t.steps.insert(1, {**t.steps[1], "arguments": {"command": "grep -n value report.py"}, "turn": 2})
    for turn, step in enumerate(t.steps, 1):
        step["turn"] = turn
    result = verdict(t)
    assert [(e.file, bool(e.links)) for e in result.edits] == [("stats_window.py", True), ("report.py", False)]
    assert result.edit_relevant is True


def test_without_the_tasks_source_edits_are_linked_by_names_in_the_same_file():
    doc = clean().doc()
    quality = score_trajectory(doc, task=None)  # no task of this name on disk: the header only
    (edit,) = quality.edit_relevance.edits
    assert edit.lines == () and [link.criterion for link in edit.links] == [2]
    assert quality.policy.features["task_source_known"] is False


def test_an_edit_to_a_test_file_is_never_an_informed_edit():
    # Seeing the failing assertion and then rewriting it is the cheat, not a fix: the test file's edit is
    # left out of the records, so only edits to the program can make a trajectory edit-relevant.
    t = Trajectory()
    t.read("test_report.py", 1, 5).start().breakpoint("test_report.py", 5)
    t.hit("test_report.py", 5, "test_window_keeps_the_latest_values")
    t.run_expression("smoothed([1, 2, 6], 2)", "[1, 1.5, 4.0]")
    t.edit(file_path="test_report.py", old_string="[1, 1.5, 4]", new_string="[1, 1.5, 4.0]").pytest().done()

    result = verdict(t)

    assert result.edits == () and result.edit_relevant is None
    t.edit().pytest().done()  # a later edit to the program is judged as usual
    assert [edit.file for edit in verdict(t).edits] == ["stats_window.py"]


def test_a_command_that_edits_a_test_file_and_the_program_keeps_the_programs_edit():
    # One bash command, two files: the test file (conftest.py, first in order) is left out, the program's
    # edit after it is still judged.
    t = Trajectory()
    t.read().start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]")
    t.bash("sed -i 's/pop()/pop(0)/' conftest.py stats_window.py").pytest().done()

    result = verdict(t)

    assert [edit.file for edit in result.edits] == ["stats_window.py"]
    assert result.version == "edit_relevance_v1"


def test_an_edit_informed_twice_lists_its_links_in_turn_order():
    t = Trajectory()
    t.read().start().exception("stats_window.py", 15, "average")
    t.print_variable("self.values", "[]")
    t.edit(old_string="return sum(self.values) / len(self.values)",
           new_string="return sum(self.values) / len(self.values) if self.values else 0.0").pytest().done()

    assert [(turn, criterion) for turn, criterion, _ in links_of(t)] == [(3, 3), (4, 2)]
