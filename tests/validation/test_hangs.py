"""Hang tasks: the buggy run must be stopped by the time limit (and is reported as a hang, with where
it was stuck), the correct one must pass in time; evidence recorded before the hang counts."""

from __future__ import annotations

from pathlib import Path

import pytest

from harness.hang import died_dumping
from tests.helpers.tasks import HANGING_COUNTER, LOOPING_COUNTER, write_task
from validation import cli as validate_cli
from validation import validate_task

# Inside the loop that never ends: the first pass sees index 0 and result 0.
LOOP_EVIDENCE = {"file": "counter.py", "line": 5, "expression": "(index, result)", "observed": "(0, 0)",
                 "why": "the loop's index never moves from 0"}


def hanging_task(tmp_path, name="counter_spin", **meta):
    meta = {"failure": "hang", "timeout_s": 6, "evidence": [LOOP_EVIDENCE], **meta}
    return write_task(tmp_path, name, buggy={"counter.py": HANGING_COUNTER},
                      correct={"counter.py": LOOPING_COUNTER}, **meta)


@pytest.mark.slow
def test_a_declared_hang_validates_and_says_where_it_was_stuck(tmp_path):
    verdict = validate_task(hanging_task(tmp_path))

    assert verdict.ok, verdict.reasons
    assert verdict.runs["buggy"]["timed_out"] and verdict.runs["correct"]["passed"] == 1
    assert verdict.hang["stopped_after_s"] == 6.0
    assert verdict.hang["stuck_at"] in (["counter.py:4 in total"], ["counter.py:5 in total"])  # the loop's lines
    # Every evidence item was seen, so the recorder ended the evidence run without waiting for the limit.
    assert not verdict.runs["evidence"]["timed_out"]
    assert verdict.evidence[0]["got"] == "(0, 0)" and verdict.evidence[0]["holds"]


@pytest.mark.slow
def test_evidence_recorded_before_the_hang_counts_and_a_line_after_it_is_named(tmp_path):
    after_the_loop = {"file": "counter.py", "line": 6, "expression": "result", "observed": "6", "why": "x"}
    folder = hanging_task(tmp_path, evidence=[LOOP_EVIDENCE, after_the_loop])

    verdict = validate_task(folder)

    assert verdict.runs["evidence"]["timed_out"]
    assert [item["holds"] for item in verdict.evidence] == [True, False]
    assert verdict.reasons == ["evidence[1] at counter.py:6: line not reached before the buggy tests hung "
                               "(stopped at timeout_s); pick a line that runs before the hang, inside the loop or "
                               "wait that never ends"]


@pytest.mark.slow
def test_a_hang_that_is_not_declared_is_rejected_with_what_to_declare(tmp_path):
    verdict = validate_task(hanging_task(tmp_path, failure="fails", timeout_s=3))

    assert verdict.runs["buggy"]["timed_out"] and verdict.hang is None
    assert verdict.reasons[0].startswith("buggy run did not finish within timeout_s=3s")
    assert 'declare "failure": "hang" in meta.json' in verdict.reasons[0]


@pytest.mark.slow
def test_a_declared_hang_whose_buggy_tests_just_fail_is_rejected(tmp_path):
    folder = write_task(tmp_path, failure="hang", timeout_s=6)  # the plain counter: its test fails at once

    verdict = validate_task(folder)

    assert not verdict.ok
    assert verdict.reasons[0].startswith('meta says "failure": "hang", but the buggy run ended on its own within '
                                         "timeout_s=6s (exit 1: 0 passed, 1 failed, 0 errors)")


@pytest.mark.slow
def test_a_correct_version_that_still_hangs_is_rejected(tmp_path):
    folder = write_task(tmp_path, buggy={"counter.py": HANGING_COUNTER}, correct={"counter.py": HANGING_COUNTER
                        .replace("result = 0", "result = 0  # starts empty")}, failure="hang", timeout_s=3,
                        evidence=[LOOP_EVIDENCE])

    verdict = validate_task(folder)

    assert verdict.runs["correct"]["timed_out"]
    assert "correct run did not finish within timeout_s=3s" in verdict.reasons[0]


@pytest.mark.slow
def test_cli_prints_the_hang_beside_the_pass(tmp_path, capsys):
    hanging_task(tmp_path)

    code = validate_cli.main(["--root", str(tmp_path), "--no-progress"])

    assert code == 0
    assert "PASS counter_spin (hangs as declared: stopped after 6s; stuck at counter.py:" in capsys.readouterr().out


# Debian's CPython 3.11.2 (the docker image's) can segfault while faulthandler dumps a thread that
# a busy loop keeps entering calls on: the dump stops mid-line and the run ends with exit 139.
CUT_SHORT = "Timeout (0:00:05)!\nThread 0x00007f3a5c1ff740 (most recent call first):\n  File "


def test_a_crash_inside_the_dump_counts_as_a_hang_and_other_crashes_do_not():
    assert died_dumping(CUT_SHORT, 139) and died_dumping(CUT_SHORT, -11)
    assert not died_dumping(CUT_SHORT, 1)  # pytest ended on its own after the dump
    assert not died_dumping("Fatal Python error: Segmentation fault\n", 139)  # no test ran past half the limit
    finished = CUT_SHORT + '"/ws/paging.py", line 30 in fill_page\n\nF.                    [100%]\n'
    assert not died_dumping(finished, 139)  # the dump ended and pytest went on: the crash came later


# The shape of that crash, made on purpose: the dump at half the limit is written, then SIGSEGV.
CRASHING_COUNTER = HANGING_COUNTER.replace(
    "def total(values):\n",
    "import faulthandler\nimport os\nimport signal\nimport time\n\n\ndef total(values):\n"
    "    time.sleep(4)\n    faulthandler.disable()\n    os.kill(os.getpid(), signal.SIGSEGV)\n")


@pytest.mark.slow
def test_a_hang_whose_interpreter_crashes_while_dumping_validates_as_a_hang(tmp_path):
    folder = write_task(tmp_path, "counter_crash", buggy={"counter.py": CRASHING_COUNTER},
                        correct={"counter.py": LOOPING_COUNTER}, failure="hang", timeout_s=6,
                        evidence=[{**LOOP_EVIDENCE, "line": 8, "expression": "values", "observed": "[1, 2, 3]"}])

    verdict = validate_task(folder)

    assert verdict.ok, verdict.reasons
    assert verdict.runs["buggy"]["timed_out"] and verdict.runs["buggy"]["returncode"] in (139, -11)
    assert verdict.hang["stuck_at"] == ["counter.py:8 in total"]


PAGE_FILL = Path(__file__).resolve().parents[2] / "corpus" / "tasks" / "ticket_search_page_fill"


@pytest.mark.slow
@pytest.mark.docker
def test_a_busy_loop_hang_validates_as_a_hang_in_docker_too():
    # The buggy paging loop calls store.scan millions of times: dumping it may crash the image's Python
    # (a race: seen in every run under the corpus check's load, rarely on an idle machine).
    verdict = validate_task(PAGE_FILL, sandbox="docker")

    assert verdict.ok, verdict.reasons
    assert verdict.runs["buggy"]["timed_out"] and verdict.hang["stopped_after_s"] == 10.0


@pytest.mark.slow
def test_a_hang_whose_first_run_gives_no_frame_is_run_again_for_where_it_was_stuck(tmp_path):
    # On a loaded machine the hanging test can start so late that the dump (half the limit into the
    # test) would come after the limit. Here the first run's earlier tests take 5.2 of its 6 s; later
    # runs skip that. The marker lives outside the workspace, so this needs the unisolated local backend.
    marker = tmp_path / "first-run-done"
    tests = ("import pathlib\nimport time\n\nfrom counter import total\n\n"
             f"MARKER = pathlib.Path({str(marker)!r})\nFIRST = not MARKER.exists()\nMARKER.touch()\n\n\n"
             "def test_a_slow_start():\n    time.sleep(2.6 if FIRST else 0)\n\n\n"
             "def test_a_slower_start():\n    time.sleep(2.6 if FIRST else 0)\n\n\n"
             "def test_total():\n    assert total([1, 2, 3]) == 6\n")
    folder = write_task(tmp_path / "tasks", "counter_late", buggy={"counter.py": HANGING_COUNTER},
                        correct={"counter.py": LOOPING_COUNTER}, tests={"test_counter.py": tests}, failure="hang",
                        timeout_s=6, evidence=[LOOP_EVIDENCE])

    verdict = validate_task(folder, sandbox="local")

    assert verdict.ok, verdict.reasons
    assert verdict.hang["stuck_at"] in (["counter.py:4 in total"], ["counter.py:5 in total"])  # the loop's lines
    assert verdict.runs["buggy"]["stuck_retries"] == 1
