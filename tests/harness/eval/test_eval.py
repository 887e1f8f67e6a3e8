"""``python -m harness eval`` on a scripted policy over the three fixture tasks (real bwrap
episodes), then a resumed run, then ``python -m harness compare``."""

from __future__ import annotations

import json

import pytest

from corpus.format import TASKS_DIR
from corpus.origins import origin_of
from corpus.task_splits import task_splits
from harness.cli import compare as compare_cli
from harness.cli import evaluate as evaluate_cli
from harness.eval.metrics import EpisodeOutcome
from harness.eval.report import build_report, render_markdown

PYTEST = {"name": "bash", "arguments": {"command": "python -m pytest -q"}}
FIX_AVERAGE = {"name": "edit_file", "arguments": {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                                                  "new_string": "self.values.pop(0)"}}
FIX_PRICE = {"name": "edit_file", "arguments": {"file_path": "pricing.py", "old_string": "1 + tax_rate), 1)",
                                                "new_string": "1 + tax_rate), 2)"}}
FIX_TAGS = {"name": "write_file", "arguments": {"file_path": "tagging.py", "content": (
    "class Item:\n    def __init__(self, name):\n        self.name = name\n        self.tags = []\n\n"
    "    def tag(self, label):\n        self.tags.append(label)\n        return self\n")}}
SCRIPT = {"tool_calls": [PYTEST], "tasks": {
    "running_average": {
        "dbg": [{"name": "start_debugger", "arguments": {"file": "test_stats_window.py"}},
                {"name": "add_breakpoint", "arguments": {"file": "stats_window.py", "line": 11}},
                {"name": "continue_execution", "arguments": {}},
                {"name": "examine_locals", "arguments": {}}, FIX_AVERAGE],
        "base": [FIX_AVERAGE, PYTEST]},
    "tag_defaults": {"dbg": [FIX_TAGS], "base": [PYTEST]},
    "price_rounding": {"tool_calls": [FIX_PRICE]},
}}
TASKS = "running_average,tag_defaults,price_rounding"


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "script.json"
    path.write_text(json.dumps(SCRIPT), encoding="utf-8")
    return path


@pytest.mark.slow
def test_eval_writes_report_and_plots_and_a_rerun_resumes(script, fixture_tasks_dir, tmp_path, capsys):
    out = tmp_path / "eval"
    argv = ["--policy", f"script:{script}", "--tasks", TASKS, "--tasks-dir", str(fixture_tasks_dir),
            "--arms", "base,dbg", "--runs", "1", "--max-turns", "10", "--workers", "2", "--out", str(out)]
    assert evaluate_cli.main(argv) == 0
    assert "6 episode(s) run, 0 already done" in capsys.readouterr().out
    report = json.loads((out / "report.json").read_text())
    overall = report["overall"]
    assert overall["arms"]["base"]["pass_at_1"] == pytest.approx(2 / 3)
    assert overall["arms"]["dbg"]["pass_at_1"] == 1.0
    assert overall["lift"]["delta"] == pytest.approx(1 / 3)
    assert overall["lift"]["mcnemar"]["dbg_only"] == 1 and overall["lift"]["mcnemar"]["base_only"] == 0
    assert overall["start_rate"]["started"] == 1 and overall["start_rate"]["rate"] == pytest.approx(1 / 3)
    assert overall["turns_to_fix"]["tasks"] == ["price_rounding", "running_average"]
    assert overall["arms"]["dbg"]["calls_per_task"]["inspection"] == pytest.approx(1 / 3)
    assert set(report["by_preference"]) == {"recommended", "optional", "avoid"}
    assert report["by_preference"]["optional"]["lift"]["delta"] == 1.0
    assert report["per_task"]["tag_defaults"]["base"]["1"]["verified"] is False
    assert json.loads((out / "trajectories" / "tag_defaults" / "dbg-run1.json").read_text())["run"] == 1
    markdown = (out / "report.md").read_text()
    assert "| pass@1 (mean over runs) | 66.7% | 100.0% |" in markdown
    assert "## Preference label: recommended" in markdown and "- Edit relevance: 0.0%" in markdown
    for name in ("solve_rate", "debugger_opened", "turns_to_fix", "engagement", "edit_relevance"):
        assert (out / f"{name}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f"({name}.png)" in markdown
    trajectories = sorted((out / "trajectories").rglob("*.json"))
    assert len(trajectories) == 6
    before = {p: p.stat().st_mtime_ns for p in trajectories}

    assert evaluate_cli.main(argv) == 0
    assert "0 episode(s) run, 6 already done" in capsys.readouterr().out
    assert {p: p.stat().st_mtime_ns for p in trajectories} == before

    (out / "trajectories" / "tag_defaults" / "base-run1.json").unlink()
    assert evaluate_cli.main(argv) == 0
    assert "1 episode(s) run, 5 already done" in capsys.readouterr().out

    assert evaluate_cli.main([*argv[:-6], "--max-turns", "20", *argv[-4:]]) == 2
    assert "already holds an evaluation with max_turns=10" in capsys.readouterr().err

    assert compare_cli.main([str(out), str(out / "report.json"), "--out", str(tmp_path / "cmp")]) == 0
    table = capsys.readouterr().out
    assert "| Δ pass@1 (dbg - base) | +33.3 pp | +33.3 pp |" in table
    assert (tmp_path / "cmp" / "comparison.md").is_file() and (tmp_path / "cmp" / "engagement.png").is_file()


def test_eval_draws_a_split_from_the_origins_asked_for_and_names_any_origins_task(tmp_path, capsys):
    registry = task_splits()
    real = evaluate_cli.tasks_for("heldout", None, str(TASKS_DIR), "real")
    assert [t.name for t in real] == registry.in_split("heldout", ["real"]) and real
    assert {origin_of(t) for t in real} == {"real"}
    both = evaluate_cli.tasks_for("train", None, str(TASKS_DIR), "hand-written,generated")
    assert [t.name for t in both] == registry.in_split("train", ["hand-written", "generated"])
    generated = registry.in_split("train", ["generated"])[0]
    named = evaluate_cli.tasks_for(None, f"{generated},bulk_upload_batches", str(TASKS_DIR))
    assert [(t.name, origin_of(t)) for t in named] == [(generated, "generated"),
                                                       ("bulk_upload_batches", "hand-written")]
    assert evaluate_cli.main(["--policy", "script:/nope.json", "--origins", "handwritten", "--out",
                              str(tmp_path)]) == 2
    assert "--origins takes hand-written, real, generated" in capsys.readouterr().err


def test_eval_and_compare_refuse_bad_input_with_a_clear_message(fixture_tasks_dir, tmp_path, capsys):
    assert evaluate_cli.main(["--policy", "script:/nope.json", "--tasks", "running_average", "--tasks-dir",
                              str(fixture_tasks_dir), "--out", str(tmp_path)]) == 2
    assert "no such file" in capsys.readouterr().err
    assert evaluate_cli.main(["--policy", "script:/nope.json", "--tasks", "no_such_task", "--tasks-dir",
                              str(fixture_tasks_dir), "--out", str(tmp_path)]) == 2
    assert "no_such_task" in capsys.readouterr().err
    assert evaluate_cli.main(["--policy", "script:x", "--arms", "dbg,gdb", "--out", str(tmp_path)]) == 2
    assert "--arms" in capsys.readouterr().err
    assert compare_cli.main([str(tmp_path / "missing")]) == 2
    assert "python -m harness eval" in capsys.readouterr().err


def test_the_markdown_report_shows_runs_and_the_lift_interval():
    rows = [EpisodeOutcome(t, arm, run, verified, 5, preference="avoid")
            for t, arm, run, verified in [("a", "base", 1, True), ("a", "dbg", 1, False),
                                          ("a", "base", 2, False), ("a", "dbg", 2, False)]]
    report = build_report(rows, model="m", split="heldout", runs=2, max_turns=50, sandbox="bwrap")
    text = render_markdown(report)
    assert "| pass@1 run 1 | 100.0% | 0.0% |" in text and "| pass@1 run 2 | 0.0% | 0.0% |" in text
    assert "| pass@2 | 100.0% | 0.0% |" in text
    assert "Debugger lift Δ: -50.0 pp [-50.0 pp, -50.0 pp]" in text
    assert "McNemar p=1, exact binomial" in text


@pytest.mark.slow
def test_a_single_arm_report_renders_with_blanks_where_pairs_are_missing(tmp_path):
    from harness.eval.plots import write_plots

    rows = [EpisodeOutcome("a", "dbg", 1, True, 4, debugger_started=True, debugger_calls=3)]
    report = build_report(rows, model="m", split=None, runs=1, max_turns=50, sandbox="bwrap")
    text = render_markdown(report)
    assert "| pass@1 (mean over runs) | – | 100.0% |" in text
    assert "Debugger lift Δ: – (no paired attempts)" in text
    assert all(p.stat().st_size > 0 for p in write_plots([report], tmp_path))


@pytest.mark.slow
def test_run_eval_reports_progress_after_each_episode(script, fixture_tasks_dir, tmp_path):
    from corpus.format import load_tasks
    from harness.eval.runner import EvalConfig, run_eval

    seen = []
    result = run_eval(EvalConfig(policy=f"script:{script}", tasks=load_tasks(fixture_tasks_dir, ["price_rounding"]),
                                 out=tmp_path / "eval", runs=1, max_turns=5, workers=1, progress=False,
                                 on_progress=seen.append))
    assert [(p.done, p.total, p.task, p.arm, p.exit_reason, p.verified) for p in seen] == [
        (1, 2, "price_rounding", "base", "done", True), (2, 2, "price_rounding", "dbg", "done", True)]
    assert result.ran == 2 and result.infra_errors == 0 and result.stopped is None


def test_compare_names_a_report_with_a_missing_or_mistyped_field(tmp_path, capsys):
    rows = [EpisodeOutcome("a", arm, 1, arm == "dbg", 5) for arm in ("base", "dbg")]
    good = build_report(rows, model="m", split="heldout", runs=1, max_turns=50, sandbox="bwrap")
    (tmp_path / "good").mkdir()
    (tmp_path / "good" / "report.json").write_text(json.dumps(good))
    mistyped = json.loads(json.dumps(good))
    mistyped["overall"]["arms"]["base"]["pass_at_1"] = "high"
    (tmp_path / "mistyped.json").write_text(json.dumps(mistyped))
    (tmp_path / "cut.json").write_text(json.dumps({"schema": good["schema"]}))

    assert compare_cli.main([str(tmp_path / "good"), str(tmp_path / "mistyped.json")]) == 2
    assert f"{tmp_path / 'mistyped.json'}: the report has a missing or mistyped field" in capsys.readouterr().err
    assert compare_cli.main([str(tmp_path / "cut.json")]) == 2
    assert "the report has a missing or mistyped field (KeyError: 'model')" in capsys.readouterr().err
    (tmp_path / "taken").write_text("a file")
    assert compare_cli.main([str(tmp_path / "good"), "--out", str(tmp_path / "taken")]) == 2
    assert "is a file; give a folder" in capsys.readouterr().err
