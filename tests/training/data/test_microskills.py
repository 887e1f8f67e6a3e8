"""Microskills: every skill's evaluator accepts one real scripted trace and rejects another (for the
reasons the skill is about), and the generator keeps only the accepted one."""

from __future__ import annotations

import json

import pytest

from corpus.format import resolve_task
from harness.trajectory import Trajectory
from tests.training.data.microskill_scripts import EXERCISES
from training.cli.microskills import main as microskills_main
from training.datagen.errors import DataGenerationError
from training.microskills import SKILLS, MicroSkill, MicroskillConfig, evaluate, instantiate, run_microskills
from training.microskills.catalog import BY_NAME, skills_named

REQUIRED = {"breakpoint_inspect", "read_before_edit", "rerun_tests_before_done", "recover_failed_edit",
            "start_from_test_file", "post_mortem_inspect", "step_into_library", "find_lock_holder"}


def test_the_catalogue_has_the_eight_habits_and_a_composite_chain():
    assert REQUIRED <= {s.name for s in SKILLS} and set(EXERCISES) == {s.name for s in SKILLS}
    composite = BY_NAME["debug_edit_verify"]
    assert composite.level == "composite" and composite.skill_chain == ("debug", "inspect", "edit", "verify")
    for skill in SKILLS:
        assert skill.max_turns <= 14 and "done" in skill.allowed_tools and skill.instruction_template
        assert skill.required_tools <= skill.allowed_tools
    assert [s.name for s in skills_named(["all"])] == [s.name for s in SKILLS]
    with pytest.raises(ValueError, match="unknown skill.*nope.*known: all, breakpoint_inspect"):
        skills_named(["nope"])
    with pytest.raises(ValueError, match="edit_file required but not allowed"):
        MicroSkill(name="x", description="", instruction_template="", max_turns=3,
                   allowed_tools=frozenset({"done"}), required_tools=frozenset({"edit_file"}))


def test_skills_are_instantiated_only_on_tasks_that_offer_what_they_need():
    bulk, sensor, roster = (resolve_task(n) for n in ("bulk_upload_batches", "sensor_summary_reuse",
                                                        "roster_query_jmespath"))
    instance = instantiate(BY_NAME["breakpoint_inspect"], bulk)
    assert instance.fields == {"file": "uploader.py", "line": 32, "function": "planned", "test_file": "test_upload.py"}
    assert "line 32 of uploader.py (in planned)" in instance.prompt() and bulk.description in instance.prompt()
    assert instantiate(BY_NAME["breakpoint_inspect"], sensor) is None       # avoid: no debugger exercises
    assert instantiate(BY_NAME["read_before_edit"], sensor) is not None
    assert instantiate(BY_NAME["step_into_library"], bulk) is None          # no dependency manifest
    assert instantiate(BY_NAME["step_into_library"], roster).fields["package"] == "jmespath"
    assert instantiate(BY_NAME["find_lock_holder"], bulk) is None           # not a deadlock
    fix = instantiate(BY_NAME["recover_failed_edit"], resolve_task("catalog_page_count")).fields
    assert (fix["fix_file"], fix["fix_line"], fix["stale_text"]) == \
        ("paging.py", 19, "return max( 1, self.total_items // self.size)")


@pytest.mark.slow
@pytest.mark.parametrize("skill", sorted(EXERCISES))
def test_each_skill_rejects_one_trace_accepts_another_and_only_the_accepted_is_kept(skill, exercised_skills):
    result = exercised_skills[skill]
    task, _, expected, _ = EXERCISES[skill]
    key = f"{skill}/{task}"
    outcome = json.loads((result.out / "outcomes" / f"{key}.json").read_text())
    rejected, accepted = outcome["candidates"]
    assert expected <= set(rejected["reasons"]), rejected["details"]
    assert accepted["passed"] is True, accepted["details"]
    assert outcome["kept_attempt"] == 2 and result.summary.kept == 1

    # The evaluator, called directly on the two recorded trajectories, agrees.
    instance = next(i for i in result.instances if i.key == key)
    docs = [json.loads((result.out / c["path"]).read_text()) for c in (rejected, accepted)]
    assert evaluate(Trajectory.from_json(docs[0]), instance).accepted is False
    verdict = evaluate(Trajectory.from_json(docs[1]), instance)
    assert verdict.accepted is True and verdict.reasons == []

    # Only the accepted trajectory is kept, with its instruction as the user message and its metadata.
    kept = sorted((result.out / "accepted").rglob("*.json"))
    assert [p.relative_to(result.out / "accepted").as_posix() for p in kept] == [f"{key}.json"]
    doc = Trajectory.load(kept[0])
    assert doc.episode_id == docs[1]["episode_id"]
    assert doc.messages[1]["content"].endswith(instance.instruction)
    sft = doc.extra["sft"]
    assert (sft["source"], sft["skill"], sft["attempt"]) == ("microskill", skill, 2)
    assert sft["verdict"]["accepted"] is True and sft["instance"]["fields"] == instance.fields
    assert len(doc.steps) <= instance.skill.max_turns
    assert {s.tool for s in doc.steps} <= instance.skill.allowed_tools


@pytest.mark.slow
def test_a_tool_outside_the_allow_list_is_not_run_and_rejects_the_trace(tmp_path):
    script = tmp_path / "reads.json"
    script.write_text(json.dumps({"tool_calls": [{"name": "bash", "arguments": {"command": "cat uploader.py"}}]}))
    result = run_microskills(MicroskillConfig(teachers=[f"script:{script}"], out=tmp_path / "out",
                                              skills=["breakpoint_inspect"], tasks=["bulk_upload_batches"],
                                              attempts=1, workers=1, progress_bar=False))
    assert result.summary.kept == 0 and not list((tmp_path / "out" / "accepted").rglob("*.json"))
    outcome = json.loads((tmp_path / "out" / "outcomes" / "breakpoint_inspect" / "bulk_upload_batches.json").read_text())
    candidate = outcome["candidates"][0]
    assert "invalid_reply" in candidate["reasons"]
    doc = Trajectory.load(tmp_path / "out" / candidate["path"])
    assert doc.steps[0].tool == "<invalid>"  # the call was never run
    assert "bash is not available in this exercise" in doc.steps[0].observation
    assert "| breakpoint_inspect | 1 | 0 | 1 |" in (tmp_path / "out" / "summary.md").read_text()


def test_heldout_is_refused_and_the_cli_lists_the_skills(tmp_path, capsys):
    with pytest.raises(DataGenerationError, match="heldout"):
        run_microskills(MicroskillConfig(teachers=["script:x.json"], out=tmp_path / "o", split="heldout"))
    assert microskills_main(["--list"]) == 0
    listed = capsys.readouterr().out
    assert all(skill.name in listed for skill in SKILLS) and "debug -> inspect -> edit -> verify" in listed
    code = microskills_main(["--teacher", "script:x.json", "--skills", "nope", "--out", str(tmp_path / "o")])
    assert code == 2 and "unknown skill" in capsys.readouterr().err
