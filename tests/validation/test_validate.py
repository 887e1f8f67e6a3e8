"""The validator against hand-made tiny tasks: real pytest subprocesses in fresh workspaces."""

from __future__ import annotations

import json

import pytest

from tests.helpers.tasks import BUGGY_COUNTER, CORRECT_COUNTER, TEST_COUNTER, write_task
from validation import cli as validate_cli
from validation import validate_task


@pytest.mark.slow
def test_a_good_task_passes_with_its_evidence(tmp_path):
    verdict = validate_task(write_task(tmp_path))

    assert verdict.ok, verdict.reasons
    assert verdict.runs["buggy"]["failed"] == 1
    assert verdict.runs["correct"]["passed"] == 1
    assert verdict.evidence[0]["got"] == "2" and verdict.evidence[0]["holds"]


@pytest.mark.slow
def test_a_buggy_version_that_passes_is_rejected(tmp_path):
    folder = write_task(tmp_path, buggy={"counter.py": CORRECT_COUNTER.replace("values:", "values[:]:")},
                        evidence=[{"file": "counter.py", "line": 4, "expression": "value", "observed": "1",
                                   "why": "x"}])

    verdict = validate_task(folder)

    assert not verdict.ok
    assert "buggy version passes all 1 tests; it must fail at least one" in verdict.reasons


@pytest.mark.slow
def test_a_correct_version_that_fails_is_rejected(tmp_path):
    folder = write_task(tmp_path, correct={"counter.py": BUGGY_COUNTER.replace("[1:]", "[2:]")})

    verdict = validate_task(folder)

    assert not verdict.ok
    assert any(r.startswith("correct version fails (1 failed, 0 errors)") for r in verdict.reasons)


@pytest.mark.slow
def test_evidence_with_another_value_is_rejected_naming_both_values(tmp_path):
    folder = write_task(tmp_path, evidence=[{"file": "counter.py", "line": 4,
                                             "expression": "type(value).__name__", "observed": "'float'",
                                             "why": "x"}])

    verdict = validate_task(folder)

    assert verdict.reasons == ["evidence[0] at counter.py:4: `type(value).__name__` gave 'int', "
                               "meta says 'float'"]


@pytest.mark.slow
def test_evidence_on_a_line_that_never_runs_is_rejected(tmp_path):
    source = BUGGY_COUNTER + "\n\ndef unused():\n    return 1\n"
    folder = write_task(tmp_path, buggy={"counter.py": source}, correct={"counter.py": CORRECT_COUNTER + "\n\n"
                                                                         "def unused():\n    return 1\n"},
                        evidence=[{"file": "counter.py", "line": 9, "expression": "1", "observed": "1",
                                   "why": "x"}])

    verdict = validate_task(folder)

    assert len(verdict.reasons) == 1
    assert verdict.reasons[0].startswith("evidence[0] at counter.py:9: line never reached")


@pytest.mark.slow
def test_evidence_whose_expression_raises_is_rejected_with_the_error(tmp_path):
    folder = write_task(tmp_path, evidence=[{"file": "counter.py", "line": 4, "expression": "owner",
                                             "observed": "1", "why": "x"}])

    verdict = validate_task(folder)

    assert verdict.reasons == ["evidence[0] at counter.py:4: `owner` raised NameError: "
                               "name 'owner' is not defined"]


@pytest.mark.slow
def test_evidence_is_observed_inside_threads_and_asyncio_tasks(tmp_path):
    buggy = {"worker.py": (
        "import asyncio\nimport threading\n\n\n"
        "def in_thread(box):\n"
        "    owner = threading.current_thread()\n"
        "    box.append(owner.name)\n\n\n"
        "async def in_task(box):\n"
        "    await asyncio.sleep(0)\n"
        "    box.append(len(box))\n\n\n"
        "def run():\n"
        "    box = []\n"
        "    t = threading.Thread(target=in_thread, args=(box,), name='helper')\n"
        "    t.start()\n    t.join()\n"
        "    asyncio.run(in_task(box))\n"
        "    return box\n")}
    correct = {"worker.py": buggy["worker.py"].replace("box.append(len(box))", "box.append(2)")}
    tests = {"test_worker.py": "from worker import run\n\n\ndef test_run():\n    assert run() == ['helper', 2]\n"}
    evidence = [{"file": "worker.py", "line": 7, "expression": "owner.name", "observed": "'helper'", "why": "x"},
                {"file": "worker.py", "line": 12, "expression": "list(box)", "observed": "['helper']",
                 "why": "x"}]
    folder = write_task(tmp_path, "threads_and_tasks", buggy=buggy, correct=correct, tests=tests,
                        evidence=evidence)

    verdict = validate_task(folder)

    assert verdict.ok, verdict.reasons
    assert [item["got"] for item in verdict.evidence] == ["'helper'", "['helper']"]


def test_malformed_meta_is_reported_as_the_tasks_reason(tmp_path):
    folder = write_task(tmp_path, preference="sometimes")

    verdict = validate_task(folder)

    assert verdict.task == "counter_skip" and not verdict.ok
    assert verdict.reasons == ["meta: preference: 'sometimes' is not one of recommended, optional, avoid"]


@pytest.mark.slow
def test_an_unmarked_hint_comment_is_rejected_but_a_bug_marker_is_not(tmp_path):
    hinted = BUGGY_COUNTER.replace("    result = 0\n", "    result = 0  # FIXME starts late\n")
    marked = BUGGY_COUNTER.replace("values[1:]:", "values[1:]:  # BUG: skips the first value")

    hinted_verdict = validate_task(write_task(tmp_path / "a", buggy={"counter.py": hinted}))
    marked_verdict = validate_task(write_task(tmp_path / "b", buggy={"counter.py": marked}))

    assert len(hinted_verdict.reasons) == 1
    assert hinted_verdict.reasons[0].startswith("hint comment in buggy/counter.py:2 ('FIXME')")
    assert marked_verdict.ok, marked_verdict.reasons


def test_buggy_and_correct_with_different_file_names_are_rejected(tmp_path):
    folder = write_task(tmp_path, correct={"counter.py": CORRECT_COUNTER, "extra.py": "X = 1\n"})

    verdict = validate_task(folder)

    assert ("buggy/ and correct/ must hold the same file names (only in buggy/: none; only in correct/: "
            "['extra.py'])") in verdict.reasons


@pytest.mark.slow
def test_an_empty_fix_is_rejected(tmp_path):
    marked = CORRECT_COUNTER.replace("values:", "values:  # BUG: nothing here")
    folder = write_task(tmp_path, buggy={"counter.py": marked})

    verdict = validate_task(folder)

    assert any(r.startswith("the fix is empty") for r in verdict.reasons)


@pytest.mark.slow
def test_a_module_level_setup_helper_in_a_test_file_is_rejected_naming_it(tmp_path):
    # pytest < 8 (the Docker image's) calls it with the module as its argument; pytest 8 does not.
    tests = TEST_COUNTER + "\n\ndef setup(values=(1, 2, 3)):\n    return list(values)\n"
    folder = write_task(tmp_path, tests={"test_counter.py": tests})

    verdict = validate_task(folder)

    assert verdict.reasons[0].startswith("test_counter.py:8: a module-level function named 'setup' is called by "
                                         "pytest before 8 as a nose-style module set-up")
    assert "rename it (e.g. make_setup) or use a fixture" in verdict.reasons[0]


@pytest.mark.slow
def test_a_buggy_run_that_hangs_is_stopped_at_timeout_s(tmp_path):
    hanging = BUGGY_COUNTER.replace("    return result\n", "    import time\n    time.sleep(60)\n")
    folder = write_task(tmp_path, buggy={"counter.py": hanging}, timeout_s=2)

    verdict = validate_task(folder)

    assert verdict.runs["buggy"]["timed_out"]
    assert any(r.startswith("buggy run did not finish within timeout_s=2s") for r in verdict.reasons)


@pytest.mark.slow
def test_cli_json_report_lists_each_task_and_exits_1_when_one_fails(tmp_path, capsys):
    write_task(tmp_path, "good_task")
    write_task(tmp_path, "bad_task", correct={"counter.py": BUGGY_COUNTER.replace("[1:]", "[2:]")})

    code = validate_cli.main(["--root", str(tmp_path), "--json", "--workers", "2", "--no-progress"])

    report = json.loads(capsys.readouterr().out)
    assert code == 1
    assert {t["task"]: t["verdict"] for t in report["tasks"]} == {"bad_task": "fail", "good_task": "pass"}
    assert report["failed"] == ["bad_task"]


@pytest.mark.slow
def test_cli_exits_0_when_every_selected_task_passes_and_names_unknown_tasks(tmp_path, capsys):
    write_task(tmp_path, "good_task")

    good = validate_cli.main(["--root", str(tmp_path), "--task", "good_task", "--no-progress"])
    unknown = validate_cli.main(["--root", str(tmp_path), "--task", "nope", "--json", "--no-progress"])

    assert good == 0 and unknown == 1
    out = capsys.readouterr().out
    assert "PASS good_task" in out and "no task folder 'nope'" in out


@pytest.mark.slow
def test_repeat_runs_buggy_and_correct_again_in_fresh_workspaces(tmp_path):
    verdict = validate_task(write_task(tmp_path), repeat=2)

    assert verdict.ok, verdict.reasons
    assert set(verdict.runs) == {"buggy", "buggy#2", "correct", "correct#2", "evidence", "evidence (reversed order)"}
    assert verdict.runs["buggy#2"]["order"] == "reversed order"
    assert verdict.runs["buggy#2"]["failed"] == 1


@pytest.mark.slow
def test_evidence_without_a_why_is_rejected(tmp_path):
    folder = write_task(tmp_path, evidence=[{"file": "counter.py", "line": 4, "expression": "value",
                                             "observed": "2", "why": " "}])

    verdict = validate_task(folder)

    assert verdict.reasons == ["evidence[0] at counter.py:4: 'why' is empty; say in a sentence how this value "
                               "reveals the bug"]


@pytest.mark.slow
def test_evidence_in_a_file_outside_the_workspace_is_rejected_before_running(tmp_path):
    folder = write_task(tmp_path, evidence=[{"file": "correct/counter.py", "line": 40, "expression": "value",
                                             "observed": "2", "why": "x"}])

    verdict = validate_task(folder)

    assert len(verdict.reasons) == 1
    assert verdict.reasons[0].startswith("evidence[0] at correct/counter.py:40: no such file in the workspace")
    assert "evidence" not in verdict.runs
