"""An episode on a hang task of the corpus: the debugger's interruption shows where the program is
stuck, and the verifier reports the unfixed workspace as a hang."""

from __future__ import annotations

import pytest

from corpus.format import resolve_task
from harness.episode import run_episode
from harness.policies import make_policy
from harness.trajectory import validation_errors

START_CONTINUE_READ = [
    {"name": "start_debugger", "arguments": {"file": "test_tariffs.py"}},
    {"name": "continue_execution", "arguments": {}},  # runs into the self-deadlock: interrupted
    {"name": "where_am_i", "arguments": {}},
    {"name": "print_variable", "arguments": {"name": "self._readers"}},
]
NOTE = {"name": "bash", "arguments": {"command": "echo '# looked at' >> tariffs.py"}}  # a change that fixes nothing


@pytest.mark.slow
def test_continuing_into_a_hang_shows_the_stuck_frame_and_verification_says_hang(write_script, tmp_path):
    task = resolve_task("tariff_table_read_upgrade")
    assert task.hangs

    doc = run_episode(task, make_policy(f"script:{write_script([*START_CONTINUE_READ, NOTE])}"), arm="dbg",
                      out=tmp_path / "episode.json")

    assert validation_errors(doc.to_json(check=False)) == []
    interrupted, where, readers = (doc.steps[i].observation for i in (1, 2, 3))
    assert "did not pause within" in interrupted and "it looks stuck" in interrupted
    # The thread stacks name the stuck frame: the write lock waiting for a reader that is this very thread.
    assert "rwlock.py:40 in acquire_write: self._cond.wait()" in interrupted
    assert doc.steps[1].position == ("rwlock.py", 40)
    assert "tariffs.py:" in where and "in acquire_write" in where
    assert "self._readers = 1" in readers
    result = doc.result
    assert result.exit_reason == "done" and result.verified is False
    assert result.extra["outcome"] == "hang" and "rwlock.py:40 in acquire_write" in result.extra["stuck_at"]
    assert result.reason.startswith("the tests hung: stopped after 20s; stuck at ")


@pytest.mark.slow
def test_done_on_an_unchanged_hang_task_does_not_spend_the_hang_limit(write_script, tmp_path):
    task = resolve_task("tariff_table_read_upgrade")
    doc = run_episode(task, make_policy(f"script:{write_script(START_CONTINUE_READ[:1])}"), arm="dbg",
                      out=tmp_path / "episode.json")
    result = doc.result
    assert result.exit_reason == "done" and result.verified is False
    assert result.extra["verification"] == "skipped: workspace unchanged" and result.extra["outcome"] == "hang"
    assert "known to hang" in result.reason and validation_errors(doc.to_json(check=False)) == []
