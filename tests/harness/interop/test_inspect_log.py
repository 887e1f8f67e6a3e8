"""Trajectories both ways through Inspect AI's log format: export-inspect writes logs that Inspect's
own reader loads, and score / compare read Inspect logs back. Episodes are real (script policy, a
real pdb and pytest in a bwrap sandbox) on the episode tests' fixture tasks."""

from __future__ import annotations

import json
import struct
import tracemalloc
import zipfile
from pathlib import Path

import pytest

from corpus.format import load_task
from harness.cli import compare as compare_cli
from harness.cli import export_inspect
from harness.cli import score as score_cli
from harness.episode import play_and_score
from harness.interop import inspect_log as stepwise_log
from harness.policies import make_policy
from harness.scoring import episode_scorer
from harness.trajectory import Trajectory
from tests.harness.interop.inspect_view import view_api
from tests.helpers.tasks import FIXTURE_TASKS

TASKS = FIXTURE_TASKS
FIX = {"name": "edit_file", "arguments": {"file_path": "stats_window.py", "old_string": "self.values.pop()",
                                          "new_string": "self.values.pop(0)"}}
DONE = {"name": "done", "arguments": {}}


def play(tmp_path: Path, task_name: str, arm: str, calls: list[dict]) -> Path:
    task = load_task(TASKS / task_name)
    script = tmp_path / f"{task_name}.{arm}.script.json"
    script.write_text(json.dumps({"tool_calls": calls}))
    out = tmp_path / "trajectories" / arm / f"{task_name}.json"
    play_and_score(task, make_policy(f"script:{script}"), scorer=episode_scorer(task), arm=arm, backend="bwrap",
                   max_turns=5, out=out)
    return out


@pytest.fixture(scope="module")
def episodes(tmp_path_factory):
    """dbg fixes running_average and gives up on price_rounding; base gives up on both."""
    root = tmp_path_factory.mktemp("episodes")
    return {
        ("running_average", "dbg"): play(root, "running_average", "dbg", [FIX, DONE]),
        ("price_rounding", "dbg"): play(root, "price_rounding", "dbg", [DONE]),
        ("running_average", "base"): play(root, "running_average", "base", [DONE]),
        ("price_rounding", "base"): play(root, "price_rounding", "base", [DONE]),
    }


def export(episodes, tmp_path, arm: str, name: str = "") -> Path:
    out = tmp_path / (name or f"{arm}.eval")
    files = [str(path) for (_, a), path in episodes.items() if a == arm]
    assert export_inspect.main([*files, "--out", str(out)]) == 0
    return out


@pytest.mark.slow
def test_an_exported_log_loads_with_inspects_reader_and_keeps_each_verdict(episodes, tmp_path):
    from inspect_ai import log as inspect_log

    log_path = export(episodes, tmp_path, "dbg")

    log = inspect_log.read_eval_log(str(log_path))
    assert log.status == "success" and log.eval.task == "stepwise/debug_repair"
    assert log.eval.task_args == {"arm": "dbg"} and log.samples is not None
    by_id = {s.id: s for s in log.samples}
    assert set(by_id) == {"running_average", "price_rounding"}
    scores = {name: s.scores["stepwise_verifier"].value for name, s in by_id.items() if s.scores}
    assert scores == {"running_average": "C", "price_rounding": "I"}
    assert log.results is not None and log.results.scores[0].metrics["accuracy"].value == 0.5
    # The conversation is Inspect's: the edit is an assistant tool call, answered by a tool message.
    fixed = by_id["running_average"]
    calls = [c.function for m in fixed.messages if m.role == "assistant" for c in m.tool_calls or []]
    assert calls == ["edit_file", "done"]
    assert any(m.role == "tool" and m.function == "edit_file" for m in fixed.messages)
    # As Inspect writes its own: a provider/model name, task and run ids, a tool event per call.
    policy = Trajectory.load(episodes[("running_average", "dbg")]).policy
    assert log.eval.model == f"script/{policy['model'] or 'script'}"
    assert log.eval.task_id and log.eval.run_id
    tools = [e for e in fixed.events if e.event == "tool"]
    assert [e.function for e in tools] == ["edit_file", "done"] and "stats_window.py" in str(tools[0].result)
    # Read back, each sample is the very document that was exported.
    original = json.loads(episodes[("running_average", "dbg")].read_text())
    back = {s.document["task"]: s.document for s in stepwise_log.log_trajectories(log_path) if s.document}
    assert back["running_average"] == original


@pytest.mark.slow
def test_export_refuses_mixed_arms_names_them_and_picks_one_with_arm(episodes, tmp_path, capsys):
    from inspect_ai import log as inspect_log

    files = [str(p) for p in episodes.values()]

    assert export_inspect.main([*files, "--out", str(tmp_path / "mixed.eval")]) == 2
    assert "arms base, dbg" in capsys.readouterr().err and not (tmp_path / "mixed.eval").exists()

    assert export_inspect.main([*files, "--arm", "base", "--out", str(tmp_path / "base.json")]) == 0
    log = inspect_log.read_eval_log(str(tmp_path / "base.json"))
    assert log.samples is not None and {s.metadata["arm"] for s in log.samples} == {"base"}
    # An existing log is not replaced unless asked.
    assert export_inspect.main([*files, "--arm", "base", "--out", str(tmp_path / "base.json")]) == 2
    assert "exists" in capsys.readouterr().err


@pytest.mark.slow
def test_inspect_views_listing_shows_exported_logs_of_both_formats(episodes, tmp_path, capsys):
    """A folder as --out names the log as Inspect names its own, so `inspect view`'s API lists the .json
    beside the .eval and opens both with their tool events; a .json name it would not list is written
    with a note saying so."""
    logs = tmp_path / "logs"
    for arm, form in (("dbg", "eval"), ("base", "json")):
        files = [str(path) for (_, a), path in episodes.items() if a == arm]
        assert export_inspect.main([*files, "--out", f"{logs}/", "--format", form]) == 0
    view = view_api(logs)
    listed = [entry["name"] for entry in view.get("/log-files").json()["files"]]
    assert sorted(Path(name).suffix for name in listed) == [".eval", ".json"]
    for name in listed:  # each opens through the view's API, its tool calls as Inspect tool events
        log = view.get(f"/logs/{name}").json()
        events = [e for sample in log["samples"] for e in sample["events"] if e["event"] == "tool"]
        fixed = log["eval"]["task_args"]["arm"] == "dbg"  # dbg fixed running_average; base only gave up
        assert {e["function"] for e in events} == ({"edit_file", "done"} if fixed else {"done"})
        assert all(e["result"] for e in events)

    files = [str(path) for (_, a), path in episodes.items() if a == "base"]
    assert export_inspect.main([*files, "--out", str(logs / "base.json")]) == 0
    assert "inspect view does not list" in capsys.readouterr().err
    assert len(view.get("/log-files").json()["files"]) == 2


@pytest.mark.slow
def test_score_reads_an_inspect_log_sample_by_sample_with_the_same_verdicts(episodes, tmp_path, capsys):
    log_path = export(episodes, tmp_path, "dbg")
    capsys.readouterr()

    assert score_cli.main([str(log_path), "--format", "json"]) == 0
    from_log = {r["task"]: r["quality"] for r in json.loads(capsys.readouterr().out)["results"]}
    files = [str(p) for (_, arm), p in episodes.items() if arm == "dbg"]
    assert score_cli.main([*files, "--format", "json"]) == 0
    from_files = {r["task"]: r["quality"] for r in json.loads(capsys.readouterr().out)["results"]}
    assert from_log == from_files and from_log["running_average"]["verified"] is True


@pytest.mark.slow
def test_compare_over_two_inspect_logs_gives_the_paired_lift(episodes, tmp_path, capsys):
    dbg, base = export(episodes, tmp_path, "dbg"), export(episodes, tmp_path, "base")
    capsys.readouterr()

    assert compare_cli.main([str(dbg), str(base)]) == 0
    table = capsys.readouterr().out
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip() for line in table.splitlines()
            if line.startswith("| ")}
    assert rows["pass@1 dbg"] == "50.0%" and rows["pass@1 base"] == "0.0%"
    assert rows["Δ pass@1 (dbg - base)"].startswith("+50")
    assert rows["Δ 95% CI"].startswith("[")

    # The same arm twice is not a pair: refused, naming both logs.
    again = export(episodes, tmp_path, "dbg", "dbg-again.eval")
    capsys.readouterr()
    assert compare_cli.main([str(dbg), str(again)]) == 2
    err = capsys.readouterr().err
    assert "dbg-again.eval" in err and "one log per arm" in err


@pytest.mark.slow  # imports Inspect AI
def test_logs_that_are_not_stepwise_logs_get_a_reason_not_a_traceback(tmp_path, capsys):
    from inspect_ai.log import EvalConfig, EvalDataset, EvalLog, EvalSample, EvalSpec, write_eval_log

    foreign = tmp_path / "foreign.eval"
    write_eval_log(EvalLog(status="success", samples=[EvalSample(id="q1", epoch=1, input="2+2?", target="4")],
                           eval=EvalSpec(created="2026-01-01T00:00:00+00:00", task="arith", model="mockllm/model",
                                         dataset=EvalDataset(name="arith"), config=EvalConfig())),
                   str(foreign))
    broken = tmp_path / "broken.eval"
    broken.write_bytes(b"not a zip")

    assert score_cli.main([str(foreign), str(broken), "--format", "json"]) == 1
    rows = {Path(r["file"].split("#")[0]).name: r["error"] for r in json.loads(capsys.readouterr().out)["results"]}
    assert "q1 (epoch 1) holds no Stepwise trajectory" in rows["foreign.eval"]
    assert "not an Inspect .eval log" in rows["broken.eval"]


def test_an_archive_that_would_unpack_past_the_limit_is_not_read(tmp_path, monkeypatch):
    bomb = tmp_path / "big.eval"
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("header.json", "0" * 200_000)
    monkeypatch.setattr(stepwise_log, "MAX_UNPACKED_BYTES", 100_000)

    with pytest.raises(stepwise_log.TrajectoryError, match="unpacks to more than"):
        stepwise_log.log_trajectories(bomb)


def forged_bomb(path: Path, inflated: int, declared: int) -> Path:
    """A .eval archive whose one member inflates to ``inflated`` bytes while its headers (local and
    central) declare ``declared``: what the attacker's 35 KB archive did."""
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("header.json", b"0" * inflated)
    data = bytearray(path.read_bytes())
    local, central = data.find(b"PK\x03\x04"), data.find(b"PK\x01\x02")
    struct.pack_into("<I", data, local + 22, declared)
    struct.pack_into("<I", data, central + 24, declared)
    path.write_bytes(bytes(data))
    return path


def test_an_archive_that_declares_small_sizes_is_measured_not_believed(tmp_path):
    """It was: the check summed the declared sizes; a small archive that inflates to 800 MB imported,
    peaking at 1.77 GB of memory. 40 MB here, declared as 100 bytes."""
    bomb = forged_bomb(tmp_path / "bomb.eval", inflated=40 * 2**20, declared=100)
    assert bomb.stat().st_size < 100_000

    with pytest.raises(stepwise_log.TrajectoryError, match="damaged or foreign zip archive"):
        stepwise_log.log_trajectories(bomb)


def test_the_counting_read_stops_at_the_cap_without_inflating_the_rest(tmp_path):
    honest = tmp_path / "honest.eval"
    with zipfile.ZipFile(honest, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("header.json", b"0" * (24 * 2**20))

    tracemalloc.start()
    try:
        with pytest.raises(stepwise_log.TrajectoryError, match="unpacks to more than the 2 MB"):
            stepwise_log.log_trajectories(honest, max_unpacked_bytes=2 * 2**20)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20, f"{peak / 2**20:.0f} MB held while measuring a 24 MB member"


def test_a_trajectory_file_is_not_mistaken_for_an_inspect_log(tmp_path):
    doc = tmp_path / "t.json"
    doc.write_text(json.dumps({"schema": "stepwise.trajectory/1", "version": 2, "status": "x"}))
    log = tmp_path / "log.json"
    log.write_text('{\n  "version": 2,\n  "status": "success",\n  "eval": {}\n}')

    assert not stepwise_log.is_inspect_log(doc)
    assert stepwise_log.is_inspect_log(log) and stepwise_log.is_inspect_log(tmp_path / "x.eval")


REPO = Path(__file__).resolve().parents[3]


def inspect_eval_cli(tmp_path: Path, arm: str) -> Path:
    """``inspect eval stepwise/debug_repair --model mockllm/model`` over two fixture tasks, through
    Inspect's own command line (scripted_mockllm.py gives mockllm its outputs); returns the log."""
    import os
    import subprocess
    import sys

    logs = tmp_path / f"logs-{arm}"
    env = {**os.environ, "PYTHONPATH": str(REPO), "INSPECT_LOG_DIR": str(logs), "INSPECT_DISPLAY": "none"}
    done = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("scripted_mockllm.py")), "eval", "stepwise/debug_repair",
         "--model", "mockllm/model", "-T", f"arm={arm}", "-T", "tasks=running_average,price_rounding",
         "-T", f"corpus={TASKS}", "-T", "max_turns=4", "-T", f"out={tmp_path / 'trajectories'}",
         "--log-dir", str(logs), "--display", "none"],
        capture_output=True, text=True, timeout=300, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    [log] = logs.glob("*.eval")
    return log


@pytest.mark.slow
def test_the_inspect_eval_command_scores_as_the_verifier_and_compare_pairs_its_logs(tmp_path, capsys):
    from inspect_ai import log as inspect_log

    logs = {arm: inspect_eval_cli(tmp_path, arm) for arm in ("dbg", "base")}

    for arm, path in logs.items():
        log = inspect_log.read_eval_log(str(path))
        assert log.status == "success" and log.eval.task_args["arm"] == arm and log.samples is not None
        verdicts = {s.id: (s.scores["stepwise_verifier"].value if s.scores else None,
                           Trajectory.from_json(s.metadata[stepwise_log.TRAJECTORY_KEY]).result.verified)
                    for s in log.samples}
        # The scripted mock fixes running_average and only calls done on price_rounding.
        assert verdicts == {"running_average": ("C", True), "price_rounding": ("I", False)}

    assert compare_cli.main([str(logs["dbg"]), str(logs["base"])]) == 0
    table = capsys.readouterr().out
    assert "| pass@1 dbg | 50.0% |" in table and "| Δ pass@1 (dbg - base) | +0.0 pp |" in table
