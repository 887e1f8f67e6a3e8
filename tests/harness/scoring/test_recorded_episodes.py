"""Scoring real recorded episodes: a corpus task fixed through the debugger and fixed blind, each run
through ``python -m harness run`` in a bwrap sandbox; then ``python -m harness eval`` on a scripted
policy writing the quality fields, and ``harness compare`` with a report from before scoring."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from harness.cli import compare as compare_cli
from harness.cli import evaluate as evaluate_cli
from harness.cli import run as run_cli
from harness.cli import score as score_cli
from harness.trajectory import load_trajectory

FIXTURES = Path(__file__).resolve().parent / "fixtures"
READ = [{"name": "bash", "arguments": {"command": "wc -l -c smoothing.py alerts.py"}},
        {"name": "bash", "arguments": {"command": "sed -n '1,20p' smoothing.py"}}]
FIX = {"name": "edit_file", "arguments": {"file_path": "smoothing.py", "old_string": "values[max(0, i - window):i]",
                                          "new_string": "values[i - window + 1:i + 1]"}}
PYTEST = {"name": "bash", "arguments": {"command": "python -m pytest -q"}}
DEBUGGER_FIX = [*READ,
                {"name": "start_debugger", "arguments": {"file": "test_alerts.py"}},
                {"name": "add_breakpoint", "arguments": {"file": "smoothing.py", "line": 10}},
                {"name": "continue_execution", "arguments": {}},
                {"name": "print_variable", "arguments": {"name": "(i, chunk)"}},  # turn 6
                FIX, PYTEST]
BLIND_FIX = [*READ, FIX, PYTEST]


def run(tmp_path, capsys, calls, name) -> tuple[dict, dict]:
    script = tmp_path / f"{name}.json"
    script.write_text(json.dumps({"tool_calls": calls}))
    out = tmp_path / f"{name}-trajectory.json"
    code = run_cli.main(["--task", "rolling_alert_window", "--policy", f"script:{script}", "--arm", "dbg",
                         "--sandbox", "bwrap", "--max-turns", "20", "--out", str(out)])
    assert code == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    trajectory = load_trajectory(out)
    return summary, trajectory, trajectory.quality or {}


@pytest.mark.slow
def test_the_scripted_debugger_fix_of_a_corpus_task_passes_and_links_the_wrong_value(tmp_path, capsys):
    summary, doc, quality = run(tmp_path, capsys, DEBUGGER_FIX, "debugger")
    assert summary["verified"] is True and summary["policy_passed"] is True and summary["edit_relevant"] is True
    assert doc.steps[5].tool == "print_variable"
    assert "(i, chunk) = (2, [20.0, 21.0])" in doc.steps[5].observation  # the wrong value, seen
    assert doc.steps[5].debugger is not None and doc.steps[5].debugger.values == [("(i, chunk)", "(2, [20.0, 21.0])")]
    policy = quality["policy"]
    assert policy["version"] == "pdb_policy_v1" and policy["hard_reasons"] == [] and policy["soft_reasons"] == []
    assert policy["score"] >= 0.9
    (edit,) = quality["edit_relevance"]["edits"]
    assert (edit["turn"], edit["file"], edit["lines"]) == (7, "smoothing.py", [9])
    assert [(link["turn"], link["criterion_name"]) for link in edit["links"]] == [(6, "incorrect_value")]
    assert edit["links"][0]["reason"] == (
        "saw (i, chunk) = (2, [20.0, 21.0]) at smoothing.py:10 in rolling_mean(); the edit changes line 9 of "
        "smoothing.py where chunk, i are used; saw (2, [20.0, 21.0]) at smoothing.py:10 in rolling_mean(): the "
        "task's recorded evidence of the bug ((i, chunk) at smoothing.py:10)")


@pytest.mark.slow
def test_the_same_task_fixed_blind_in_the_dbg_arm_is_flagged(tmp_path, capsys):
    summary, _, quality = run(tmp_path, capsys, BLIND_FIX, "blind")
    assert summary["verified"] is True and summary["policy_passed"] is False
    assert [r["rule"] for r in quality["policy"]["hard_reasons"]] == ["recommended_without_inspection"]
    assert quality["edit_relevant"] is None  # the debugger never started

    # and `harness score` gives the same verdict from the recorded file
    capsys.readouterr()
    assert score_cli.main([str(tmp_path / "blind-trajectory.json"), "--format", "json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)["results"]
    assert row["quality"] == quality


SCRIPT = {"tool_calls": [{"name": "bash", "arguments": {"command": "python -m pytest -q"}}], "tasks": {
    "running_average": {
        "dbg": [{"name": "bash", "arguments": {"command": "sed -n '1,20p' stats_window.py"}},
                {"name": "start_debugger", "arguments": {"file": "test_stats_window.py"}},
                {"name": "add_breakpoint", "arguments": {"file": "stats_window.py", "line": 11}},
                {"name": "continue_execution", "arguments": {}},
                {"name": "print_variable", "arguments": {"name": "self.values"}},
                {"name": "edit_file", "arguments": {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                                                    "new_string": "self.values.pop(0)"}},
                {"name": "bash", "arguments": {"command": "python -m pytest -q"}}],
        "base": [{"name": "bash", "arguments": {"command": "sed -n '1,20p' stats_window.py"}},
                 {"name": "edit_file", "arguments": {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                                                     "new_string": "self.values.pop(0)"}},
                 {"name": "bash", "arguments": {"command": "python -m pytest -q"}}]},
    "price_rounding": {"tool_calls": [
        {"name": "bash", "arguments": {"command": "cat pricing.py"}},
        {"name": "edit_file", "arguments": {"file_path": "pricing.py", "old_string": "1 + tax_rate), 1)",
                                            "new_string": "1 + tax_rate), 2)"}}]},
}}


@pytest.mark.slow
def test_eval_stores_quality_and_reports_it_per_arm_and_label_and_compare_reads_an_old_report(
        fixture_tasks_dir, tmp_path, capsys):
    script = tmp_path / "script.json"
    script.write_text(json.dumps(SCRIPT))
    out = tmp_path / "eval"
    argv = ["--policy", f"script:{script}", "--tasks", "running_average,price_rounding", "--tasks-dir",
            str(fixture_tasks_dir), "--runs", "1", "--max-turns", "10", "--workers", "2", "--out", str(out),
            "--model-label", "scripted", "--no-progress"]
    assert evaluate_cli.main(argv) == 0
    for path in (out / "trajectories").rglob("*-run1.json"):
        quality = load_trajectory(path).quality or {}
        assert quality["policy"]["version"] == "pdb_policy_v1"
        assert quality["edit_relevance"]["version"] == "edit_relevance_v1"

    report = json.loads((out / "report.json").read_text())
    base, dbg = report["overall"]["arms"]["base"], report["overall"]["arms"]["dbg"]
    assert report["overall"]["edit_relevance"] == {"rate": 1.0, "scored": 1, "note": None}
    assert dbg["edit_relevance"]["rate"] == 1.0 and base["edit_relevance"]["rate"] is None
    # running_average passes in both arms; price_rounding (cat, edit, done) has no passing test run
    assert base["policy"]["passed_rate"] == 0.5 and dbg["policy"]["passed_rate"] == 0.5
    assert base["policy"]["hard_reasons"] == {"done_without_verification": 1}
    assert base["policy"]["score"]["max"] == 1.0 and sum(base["policy"]["histogram"]) == 2
    assert report["by_preference"]["avoid"]["arms"]["dbg"]["policy"]["hard_reasons"] == {"done_without_verification": 1}
    assert report["by_preference"]["recommended"]["arms"]["dbg"]["policy"]["passed_rate"] == 1.0
    markdown = (out / "report.md").read_text()
    assert "| EditRelevant (of those that started the debugger) | – | 100.0% of 1 |" in markdown
    assert "| hard reasons (trajectories) | done_without_verification 1 | done_without_verification 1 |" in markdown
    assert (out / "edit_relevance.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "(edit_relevance.png)" in markdown

    # a trajectory recorded before scoring existed is scored when the report is rebuilt
    path = out / "trajectories" / "price_rounding" / "base-run1.json"
    doc = json.loads(path.read_text())
    doc["quality"] = None
    path.write_text(json.dumps(doc))
    assert evaluate_cli.main(argv) == 0
    assert (load_trajectory(path).quality or {})["policy"]["hard_reasons"][0]["rule"] == "done_without_verification"
    assert json.loads((out / "report.json").read_text())["overall"]["arms"]["base"]["policy"]["scored"] == 2

    capsys.readouterr()
    old = FIXTURES / "report_before_scoring.json"
    assert compare_cli.main([str(old), str(out), "--out", str(tmp_path / "cmp")]) == 0
    table = capsys.readouterr().out
    assert "| edit relevance | n/a | 100.0% |" in table
    assert "| policy passed dbg | – | 50.0% of 2 |" in table
    assert (tmp_path / "cmp" / "edit_relevance.png").is_file()


@pytest.mark.slow
@pytest.mark.parametrize("fixture", ["report_before_scoring.json"])
def test_a_report_from_before_scoring_renders_alone(fixture, tmp_path, capsys):
    assert compare_cli.main([str(FIXTURES / fixture), "--out", str(tmp_path)]) == 0
    assert "| policy score dbg (median [p25, p75]) | – |" in capsys.readouterr().out
    assert all((tmp_path / f"{n}.png").is_file() for n in ("solve_rate", "edit_relevance"))
