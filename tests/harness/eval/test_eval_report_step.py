"""The steps of ``run_eval``: the report step alone, over a folder of trajectories played earlier,
scores the unscored (and the outdated) ones and writes the report without making a policy or a
sandbox; the play step scores each episode after playing it."""

from __future__ import annotations

import json

import pytest

from corpus.format import load_tasks
from harness.eval.config import EvalConfig
from harness.eval.plan import plan
from harness.eval.reporting import report_eval
from harness.eval.runner import run_eval
from harness.records.quality import Quality
from harness.scoring import load_policy_config
from harness.trajectory import EpisodeResult, ExitReason, Step, Trajectory, events_path_for, write_document
from tests.helpers.tasks import write_task

FIX = {"file_path": "counter.py", "old_string": "values[1:]", "new_string": "values"}


def played(task: str, arm: str, result: EpisodeResult, quality: dict | None = None) -> Trajectory:
    steps = [Step(1, "edit_file", FIX, "Edited counter.py", duration_ms=1.0),
             Step(2, "bash", {"command": "python -m pytest -q"}, "1 passed", duration_ms=1.0)]
    return Trajectory(episode_id=f"{task}-{arm}", task=task, arm=arm, policy={"kind": "script", "model": None},
                      max_turns=10, started_at="2026-01-01T00:00:00Z", finished_at="2026-01-01T00:00:05Z",
                      result=result, sandbox="bwrap", steps=steps, quality=quality,
                      extra={"run": 1, "preference": "optional"})


def test_the_report_step_scores_what_is_unscored_and_writes_the_report_without_playing(tmp_path):
    task = load_tasks(tmp_path / "tasks", [write_task(tmp_path / "tasks").name])[0]
    # A spec no policy factory knows and a backend that does not exist: making either would raise.
    config = EvalConfig(policy="no-such-policy:x", tasks=[task], out=tmp_path / "eval", runs=2, sandbox="no-such",
                        progress=False)
    episodes = plan(config.tasks, config.arms, config.runs)
    path = {(e.arm, e.run): e.path(config.out) for e in episodes}
    verified = EpisodeResult(ExitReason.DONE, verified=True, turns=2)
    write_document(played(task.name, "base", verified).to_json(), path["base", 1])  # never scored
    write_document(played(task.name, "dbg", verified, {"policy": {"version": "pdb_policy_v0"}}).to_json(),
                   path["dbg", 1])  # scored under an older version
    infra = EpisodeResult(ExitReason.INFRA_ERROR, reason="the endpoint answered 503")
    write_document(played(task.name, "base", infra).to_json(), path["base", 2])  # run 2 of dbg was never played

    reported = report_eval(config, episodes, load_policy_config(None), {"kind": "script"})

    version = load_policy_config(None).version
    for arm in ("base", "dbg"):
        quality = Trajectory.load(path[arm, 1]).quality
        assert quality is not None and quality["policy"]["version"] == version
    assert Trajectory.load(path["base", 2]).quality is None  # an infra error says nothing about the model
    assert not path["dbg", 2].exists() and not any(events_path_for(p).exists() for p in path.values())
    assert [(o.arm, o.run, o.verified) for o in reported.outcomes] == [("base", 1, True), ("dbg", 1, True),
                                                                       ("base", 2, False)]
    report = json.loads((config.out / "report.json").read_text(encoding="utf-8"))
    assert report == reported.report
    assert report["infra_errors"] == [{"task": task.name, "arm": "base", "run": 2,
                                       "reason": "the endpoint answered 503"}]
    assert report["per_task"][task.name]["dbg"]["1"]["verified"] is True
    assert (config.out / "report.md").is_file() and all(p.is_file() for p in reported.plots)


def test_harness_eval_takes_the_scoring_config_under_both_flag_names():
    from harness.cli import evaluate as evaluate_cli

    parser = evaluate_cli.build_parser()
    for flag in ("--policy-config", "--scoring-config"):
        args = parser.parse_args(["--policy", "script:x", "--out", "o", flag, "pdb_policy_v1"])
        assert args.scoring_config == "pdb_policy_v1"


@pytest.mark.slow
def test_each_played_episode_is_scored_after_it_is_played(fixture_tasks_dir, tmp_path):
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"tool_calls": [{"name": "bash", "arguments": {"command": "true"}}]}))
    seen = []

    def scorer(trajectory: Trajectory) -> Quality:
        seen.append((trajectory.result.exit_reason, trajectory.quality))  # what it was when scored
        return Quality(None, extra={"custom": {"turns": len(trajectory.steps)}})

    result = run_eval(EvalConfig(policy=f"script:{script}", tasks=load_tasks(fixture_tasks_dir, ["price_rounding"]),
                                 out=tmp_path / "eval", arms=["base"], runs=1, max_turns=3, workers=1,
                                 progress=False, scorer=scorer))
    path = tmp_path / "eval" / "trajectories" / "price_rounding" / "base-run1.json"
    assert seen == [("done", None)]  # played to its end, then scored
    stored = Trajectory.load(path)
    assert stored.steps[0].tool == "bash" and stored.quality == {"verified": None, "edit_relevant": None,
                                                                 "custom": {"turns": len(stored.steps)}}
    events = events_path_for(path).read_text(encoding="utf-8").splitlines()
    assert json.loads(events[-1])["event"] == "quality"
    assert result.ran == 1 and result.outcomes[0].turns == len(stored.steps)


def test_the_manifest_names_the_tasks_so_a_report_needs_no_catalog(tmp_path):
    import dataclasses
    import shutil

    from harness.eval.plan import MANIFEST, check_manifest, manifest_tasks

    task = load_tasks(tmp_path / "tasks", [write_task(tmp_path / "tasks").name])[0]
    labelled = dataclasses.replace(task, preference="avoid")  # the label in force where it was planned
    config = EvalConfig(policy="script", tasks=[labelled], out=tmp_path / "eval", progress=False)
    check_manifest(config)

    (read,) = manifest_tasks(config.out)
    assert (read.name, read.path, read.preference) == (task.name, task.path, "avoid")

    shutil.rmtree(task.path)
    with pytest.raises(ValueError, match=f"the task {task.name} is not where the evaluation found it"):
        manifest_tasks(config.out)
    manifest = json.loads((config.out / MANIFEST).read_text())
    (config.out / MANIFEST).write_text(json.dumps({k: v for k, v in manifest.items() if k != "task_folders"}))
    with pytest.raises(ValueError, match="names no task folders"):
        manifest_tasks(config.out)
