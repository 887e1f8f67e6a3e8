"""pdb_policy_v1: every rule broken alone by a hand-written trajectory, a clean one that passes, the
configuration's switches, and the pinned version."""

from __future__ import annotations

import json

import pytest

from harness.scoring import (
    DEFAULT_VERSION,
    EDIT_RELEVANCE_VERSION,
    RULES,
    PolicyConfig,
    PolicyConfigError,
    load_policy_config,
    score_trajectory,
)
from harness.scoring.config import CONFIG_DIR, RELEASED
from harness.scoring.task_meta import EvidenceHint
from tests.harness.scoring.builders import STATS, Trajectory, clean, task_meta

# The recorded bug value in the test's own frame, so a trajectory that only inspects there still has
# a linked edit and breaks nothing but the rule under test.
TEST_FRAME_EVIDENCE = EvidenceHint("test_report.py", 5, "smoothed([1, 2, 6], 2)", "[1, 1.5, 1.5]")


def rules_of(quality) -> set[str]:
    policy = quality.policy
    return {r.rule for r in policy.hard_reasons} | {r.rule for r in policy.soft_reasons}


def score(trajectory: Trajectory, **meta):
    return score_trajectory(trajectory.doc(), task_meta(trajectory.preference, **meta))


# pdb_policy_v1's settings and rule revisions. If this test fails, a rule or setting changed: release it
# under a new version name instead (config.RELEASED), so verdicts of different rules never share a name.
PINNED_FINGERPRINT = "aff57652a02a76f26b32b2e645c800b244fdc2910fcd956a570587c29517e043"


def test_the_version_strings_and_the_released_fingerprint_are_pinned():
    assert DEFAULT_VERSION == "pdb_policy_v1"
    assert EDIT_RELEVANCE_VERSION == "edit_relevance_v1"
    assert RELEASED == {"pdb_policy_v1": PINNED_FINGERPRINT}
    shipped = load_policy_config(CONFIG_DIR / "pdb_policy_v1.json")
    assert shipped == PolicyConfig() and shipped.version == "pdb_policy_v1"
    assert shipped.fingerprint() == PINNED_FINGERPRINT
    assert (shipped.min_quality_score, shipped.enforce_preference, shipped.require_recommended_inspection,
            shipped.require_recommended_flow_inspect_adjacency, shipped.enforce_done_after_verification) == (
        0.7, True, True, True, True)
    assert score(clean()).policy.version == "pdb_policy_v1"
    assert score(clean()).edit_relevance.version == "edit_relevance_v1"


def test_a_clean_trajectory_passes_with_a_high_score():
    quality = score(clean())
    assert quality.policy.hard_reasons == () and quality.policy.soft_reasons == ()
    assert quality.policy.passed is True and quality.policy.score >= 0.9
    assert quality.verified is True and quality.edit_relevant is True
    features = quality.policy.features
    assert features["inspections"] == 1 and features["adjacent_inspections"] == 1
    assert features["passing_test_runs"] == 1 and features["files_read"] == ["stats_window.py"]


def test_a_clean_base_arm_trajectory_passes_whatever_the_label():
    t = Trajectory(arm="base", preference="recommended")
    t.read().edit().pytest().done()
    quality = score(t)
    assert rules_of(quality) == set() and quality.policy.passed
    assert quality.edit_relevant is None and quality.edit_relevance.debugger_started is False


# ---- one trajectory per rule, each breaking that rule and no other --------------------------------

def debugger_tool_before_start():
    t = Trajectory()
    t.read()
    t.step("print_variable", {"name": "self.values"},
           "Error: Tool 'print_variable' requires start_debugger to be called first. Call start_debugger(file=...) "
           "first, then you can use print_variable.", error=True)
    t.start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]").edit().pytest().done()
    return t, {}


def inspection_with_no_paused_program():
    t = Trajectory()
    t.read().start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]")
    t.step("examine_locals", {}, "locals:\n  (none)", position=None)  # the program is gone
    t.edit().pytest().done()
    return t, {}


def blind_stepping():
    t = Trajectory()
    t.read().start().breakpoint("stats_window.py", 9).hit("stats_window.py", 9, "add")
    for line in (10, 11, 12, 15, 12):
        t.hit("stats_window.py", line, "average" if line == 15 else "add", tool="step_over")
    t.hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]").edit().pytest().done()
    return t, {}


def repetitive_loop():
    t = clean()
    for _ in range(2):
        t.steps.insert(2, dict(t.steps[1]))
    return _renumber(t), {}


def repeated_call():
    t = clean()
    t.steps.insert(2, dict(t.steps[1]))
    return _renumber(t), {}


def edit_without_read():
    t = Trajectory()
    t.bash("wc -l stats_window.py", "15 stats_window.py")
    t.start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]").edit().pytest().done()
    return t, {}


def many_breakpoints_at_once():
    t = Trajectory()
    t.read().start().breakpoints("stats_window.py", [5, 9, 10, 11, 15]).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]").edit().pytest().done()
    return t, {}


def breakpoints_only_in_tests():
    t = Trajectory()
    t.read().start().breakpoint("test_report.py", 5).hit("test_report.py", 5, "test_window_keeps_the_latest_values")
    t.run_expression("smoothed([1, 2, 6], 2)", "[1, 1.5, 1.5]").edit().pytest().done()
    return t, {"evidence": [TEST_FRAME_EVIDENCE]}


def no_adjacent_inspection():
    t = Trajectory()
    t.read().start().run_expression("smoothed([1, 2, 6], 2)", "[1, 1.5, 1.5]").edit().pytest().done()
    return t, {"evidence": [TEST_FRAME_EVIDENCE]}


def inspection_not_adjacent():
    t = Trajectory()
    t.read().start().examine_locals()
    t.breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]").edit().pytest().done()
    return t, {}


def debugger_did_not_inform_edit():
    t = Trajectory()
    t.read().start().breakpoint("report.py", 6).hit("report.py", 6, "smoothed")
    t.print_variable("window", "2").edit().pytest().done()
    return t, {}


def done_without_verification():
    t = Trajectory()
    t.read().pytest(passed=False).start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]").edit().done()
    return t, {}


def recommended_without_inspection():
    t = Trajectory(arm="dbg", preference="recommended")
    t.read().edit().pytest().done()
    return t, {}


def avoid_opened_debugger():
    t = clean(preference="avoid")
    return t, {}


def whole_file_dump():
    t = clean()
    t.steps[1] = {**t.steps[1], "arguments": {"command": "cat stats_window.py"}}
    return t, {}


def _renumber(t: Trajectory) -> Trajectory:
    for turn, step in enumerate(t.steps, 1):
        step["turn"] = turn
    return t


BREAKS = {
    "invalid_tool_order": [debugger_tool_before_start, inspection_with_no_paused_program],
    "blind_stepping": [blind_stepping],
    "repetitive_loop": [repetitive_loop],
    "repeated_call": [repeated_call],
    "edit_without_read": [edit_without_read],
    "broad_breakpoints": [many_breakpoints_at_once, breakpoints_only_in_tests],
    "no_adjacent_inspection": [no_adjacent_inspection],
    "inspection_not_adjacent": [inspection_not_adjacent],
    "debugger_did_not_inform_edit": [debugger_did_not_inform_edit],
    "done_without_verification": [done_without_verification],
    "recommended_without_inspection": [recommended_without_inspection],
    "avoid_opened_debugger": [avoid_opened_debugger],
    "whole_file_dump": [whole_file_dump],
}


def test_every_rule_has_a_trajectory_that_breaks_it():
    assert set(BREAKS) == set(RULES)


@pytest.mark.parametrize("rule, build", [(rule, build) for rule, builds in BREAKS.items() for build in builds],
                         ids=lambda x: x if isinstance(x, str) else x.__name__)
def test_a_trajectory_breaking_one_rule_is_flagged_for_that_rule_only(rule, build):
    trajectory, meta = build()
    quality = score(trajectory, **meta)
    assert rules_of(quality) == {rule}, [r.message for r in quality.policy.hard_reasons + quality.policy.soft_reasons]
    kind = RULES[rule][0]
    reason = (quality.policy.hard_reasons + quality.policy.soft_reasons)[0]
    assert reason.message and all(1 <= turn <= len(trajectory.steps) for turn in reason.turns)
    if kind == "hard":
        assert quality.policy.passed is False and reason.penalty is None
        assert quality.policy.score == pytest.approx(1 - 0.35)
    else:
        assert quality.policy.passed is True and 0.9 <= quality.policy.score < 1.0
        assert reason.penalty == PolicyConfig().soft_penalties[rule]


def test_reasons_name_the_turns_at_fault():
    trajectory, _ = edit_without_read()
    (reason,) = score(trajectory).policy.hard_reasons
    assert reason.turns == (6,) and "stats_window.py was edited at turn 6" in reason.message


def test_soft_penalties_are_capped_per_rule():
    t = clean()
    for i in range(6):
        t.steps.insert(1, {**t.steps[1], "arguments": {"command": f"cat report.py # {i}"}, "observation": "..."})
    quality = score(_renumber(t))
    assert [r.rule for r in quality.policy.soft_reasons] == ["whole_file_dump"] * 6
    assert quality.policy.score == pytest.approx(1 - 0.15)  # six dumps at 0.05, capped at 0.15


# ---- the configuration ------------------------------------------------------------------------------

@pytest.mark.parametrize("switch, build", [
    ("enforce_preference", avoid_opened_debugger),
    ("require_recommended_inspection", recommended_without_inspection),
    ("require_recommended_flow_inspect_adjacency", no_adjacent_inspection),
    ("enforce_done_after_verification", done_without_verification),
])
def test_each_switch_turns_its_rule_off(switch, build):
    trajectory, meta = build()
    config = {"version": f"pdb_policy_v1-no-{switch}", switch: False}
    quality = score_trajectory(trajectory.doc(), task_meta(trajectory.preference, **meta), config)
    assert not {r.rule for r in quality.policy.hard_reasons} and quality.policy.passed
    assert quality.policy.version == f"pdb_policy_v1-no-{switch}"


def test_min_quality_score_decides_passing_with_soft_reasons_only():
    trajectory, _ = whole_file_dump()
    strict = {"version": "pdb_policy_v1-strict", "min_quality_score": 0.99}
    assert score_trajectory(trajectory.doc(), task_meta(), strict).policy.passed is False
    assert score_trajectory(trajectory.doc(), task_meta()).policy.passed is True


def test_changing_a_rule_under_the_released_name_is_refused(tmp_path):
    path = tmp_path / "policy.json"
    path.write_text(json.dumps({"version": "pdb_policy_v1", "min_quality_score": 0.8}))
    with pytest.raises(PolicyConfigError, match=r"min_quality_score is 0\.8 where pdb_policy_v1 has 0\.7.*new version name"):
        load_policy_config(path)
    path.write_text(json.dumps({"version": "pdb_policy_v1-lenient", "min_quality_score": 0.5}))
    assert load_policy_config(path).min_quality_score == 0.5


@pytest.mark.parametrize("content, message", [
    ('{"version": "x", "min_quality_scor": 0.5}', "unknown key 'min_quality_scor'; did you mean 'min_quality_score'"),
    ('{"version": "x", "enforce_preference": "yes"}', "enforce_preference must be true or false"),
    ('{"version": "x", "min_quality_score": 7}', "min_quality_score must be a number from 0 to 1"),
    ('{"version": "x", "loop_repeats": 0}', "loop_repeats must be a whole number of at least 1"),
    ('{"version": "x", "soft_penalties": {"edit_without_read": 0.1}}', "'edit_without_read' is not a soft rule"),
    ('[1, 2]', "expected a JSON object"),
    ('{"version": ', "not valid JSON (line 1"),
])
def test_a_bad_config_file_is_refused_naming_the_file_and_key(tmp_path, content, message):
    path = tmp_path / "policy.json"
    path.write_text(content)
    with pytest.raises(PolicyConfigError) as caught:
        load_policy_config(path)
    assert str(path) in str(caught.value) and message in str(caught.value)


def test_a_missing_config_file_lists_the_released_versions(tmp_path):
    with pytest.raises(PolicyConfigError, match="no such file.*pdb_policy_v1"):
        load_policy_config(tmp_path / "nope.json")


def test_the_source_of_the_test_task_is_what_the_builder_reads():
    # guards the hand-written answers above: line 11 is the faulty pop, line 15 the division
    assert STATS.splitlines()[10].strip() == "self.values.pop()"
    assert STATS.splitlines()[14].strip().startswith("return sum(")


def test_the_same_failing_test_run_after_an_edit_is_not_a_repeat():
    t = Trajectory()
    t.read().pytest(passed=False).start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    t.print_variable("self.values", "[1, 2, 6]")
    t.edit(old_string="self.values.pop()", new_string="self.values.pop()  # keep").pytest(passed=False)
    t.edit(old_string="self.values.pop()  # keep", new_string="self.values.pop(0)").pytest().done()
    assert rules_of(score(t)) == set()


def test_a_debugger_tool_refused_in_the_base_arm_is_not_an_ordering_fault():
    t = Trajectory(arm="base")
    t.read().step("print_variable", {"name": "x"}, "Error: print_variable is not available in this episode",
                  error=True)
    t.edit().pytest().done()
    assert rules_of(score(t)) == set()


def test_a_file_a_persons_viewer_showed_is_a_read_but_a_model_cannot_claim_one():
    """Human steps carry ``viewed`` (the web session's viewer showed the file); model steps never do, so
    a document claiming it for a model's step must not lift ``edit_without_read``."""
    trajectory, _ = edit_without_read()
    doc = trajectory.doc()
    edit_turn = next(s for s in doc["steps"] if s["tool"] == "edit_file")
    edit_turn["viewed"] = ["stats_window.py"]
    meta = task_meta(trajectory.preference)

    assert "edit_without_read" in rules_of(score_trajectory(doc, meta))  # not a person's session
    human = {**doc, "policy": {"kind": "human", "model": None, "params": {"person": "ann"}}}
    assert "edit_without_read" not in rules_of(score_trajectory(human, meta))
    edit_turn["viewed"] = "stats_window.py"  # malformed: ignored, not a crash
    assert "edit_without_read" in rules_of(score_trajectory(human, meta))
