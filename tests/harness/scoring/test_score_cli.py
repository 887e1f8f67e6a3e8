"""``python -m harness score``: JSON verdicts, a readable summary, and clear errors for bad files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from harness.cli import score as score_cli
from tests.harness.scoring.builders import clean


def write(path, doc):
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_scores_files_and_folders_as_json_and_reports_bad_files_by_name(tmp_path, capsys):
    (tmp_path / "runs").mkdir()
    good = write(tmp_path / "runs" / "a.json", clean().doc())
    (tmp_path / "broken.json").write_text('{"steps": [', encoding="utf-8")
    (tmp_path / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    write(tmp_path / "wrong.json", {**clean().doc(), "steps": "none"})
    code = score_cli.main([str(tmp_path / "runs"), str(tmp_path / "broken.json"), str(tmp_path / "deep.json"),
                           str(tmp_path / "wrong.json"), str(tmp_path / "missing.json"), "--format", "json"])
    assert code == 1
    output = json.loads(capsys.readouterr().out)
    assert output["policy"]["version"] == "pdb_policy_v1" and (output["scored"], output["failed"]) == (1, 4)
    rows = {row["file"]: row for row in output["results"]}
    assert rows[str(good)]["quality"]["policy"]["passed"] is True
    assert rows[str(good)]["quality"]["edit_relevant"] is True
    assert rows[str(tmp_path / "broken.json")]["error"] == "not valid JSON (line 1, column 12: Expecting value)"
    assert rows[str(tmp_path / "deep.json")]["error"] == "nested too deeply to be a trajectory"
    assert rows[str(tmp_path / "wrong.json")]["error"] == (
        "not a stepwise.trajectory/1 document: steps: 'none' is not of type 'array'")
    assert rows[str(tmp_path / "missing.json")]["error"] == "no such file or folder"


def test_a_readable_summary_lists_reasons_and_links(tmp_path, capsys):
    t = clean()
    t.steps[1]["arguments"] = {"command": "cat stats_window.py"}
    path = write(tmp_path / "t.json", t.doc())
    assert score_cli.main([str(path), "--format", "text"]) == 0
    text = capsys.readouterr().out
    assert f"{path}  window_average/dbg  verified yes  pdb_policy_v1 0.95 passed  edit relevant yes" in text
    assert "  soft: whole_file_dump: turn 2 showed stats_window.py whole" in text
    assert "  edit at turn 7 (stats_window.py): informed by:" in text
    assert "    <- turn 6 [2 incorrect_value] saw self.values = [1, 2, 6] at stats_window.py:11" in text
    assert text.rstrip().endswith("1 scored, 0 could not be scored")


def test_a_custom_config_and_write_back(tmp_path, capsys):
    path = write(tmp_path / "t.json", clean(preference="avoid").doc())
    config = tmp_path / "lenient.json"
    config.write_text(json.dumps({"version": "pdb_policy_v1-no-labels", "enforce_preference": False}))
    assert score_cli.main([str(path), "--config", str(config), "--write", "--format", "json"]) == 0
    stored = json.loads(path.read_text())["quality"]
    assert stored["policy"]["version"] == "pdb_policy_v1-no-labels" and stored["policy"]["passed"] is True
    assert json.loads(capsys.readouterr().out)["results"][0]["quality"] == stored
    assert score_cli.main([str(path), "--format", "json"]) == 0  # the released rules do reject it
    assert json.loads(capsys.readouterr().out)["results"][0]["quality"]["policy"]["hard_reasons"][0]["rule"] == \
        "avoid_opened_debugger"


def test_a_bad_config_stops_before_scoring(tmp_path, capsys):
    config = tmp_path / "c.json"
    config.write_text(json.dumps({"version": "pdb_policy_v1", "loop_repeats": 9}))
    assert score_cli.main([str(tmp_path), "--config", str(config)]) == 2
    assert "a changed rule needs a new version name" in capsys.readouterr().err
    assert score_cli.main([str(tmp_path), "--config", "pdb_policy_v9"]) == 2
    assert "released versions: pdb_policy_v1" in capsys.readouterr().err


@pytest.mark.slow
def test_the_command_is_listed_and_runs_as_a_module(tmp_path):
    path = write(tmp_path / "t.json", clean().doc())
    done = subprocess.run([sys.executable, "-m", "harness", "score", str(path)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["results"][0]["quality"]["policy"]["score"] == 1.0  # not a terminal: JSON
    listing = subprocess.run([sys.executable, "-m", "harness"], capture_output=True, text=True, check=False)
    assert "score" in listing.stdout
