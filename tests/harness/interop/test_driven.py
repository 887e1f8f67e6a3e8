"""The episode loop every adapter shares (harness.interop.driven.DrivenEpisode), on the fixture task
running_average in a real bwrap sandbox: a model reply without a tool call is answered once with a
reminder, and a second in a row ends the episode with a done the harness sends (so the verifier runs)."""

from __future__ import annotations

import pytest

from harness.interop.driven import NO_CALL_REMINDER, DrivenEpisode, EpisodeSpec
from harness.trajectory import Trajectory
from tests.helpers.tasks import RUNNING_AVERAGE

FIX = {"role": "assistant", "content": None, "tool_calls": [{
    "id": "call_fix", "type": "function", "function": {"name": "edit_file", "arguments": (
        '{"file_path": "stats_window.py", "old_string": "self.values.pop()", "new_string": "self.values.pop(0)"}')}}]}


def play(tmp_path, replies: list) -> Trajectory:
    episode = DrivenEpisode(EpisodeSpec(task=RUNNING_AVERAGE, arm="dbg", out=tmp_path / "episode.json",
                                        max_turns=10), model="scripted", reply_timeout=120)
    turn = episode.start(timeout=300)
    for reply in replies:
        assert not turn.finished, "the episode ended before the script did"
        turn = episode.reply(reply, timeout=300)
    assert turn.finished and turn.trajectory is not None, "the episode did not end where the rule says"
    return turn.trajectory


@pytest.mark.slow
def test_a_reply_without_a_tool_call_gets_one_reminder_then_the_harness_ends_the_episode(tmp_path):
    trajectory = play(tmp_path, ["Let me look at the code.", FIX, "The fix is in.", "Really, it is done."])
    steps = trajectory.steps
    assert [s.tool for s in steps] == ["<invalid>", "edit_file", "<invalid>", "<invalid>", "done"]
    assert NO_CALL_REMINDER in steps[0].observation and NO_CALL_REMINDER in steps[2].observation
    assert NO_CALL_REMINDER not in steps[3].observation  # the second in a row: no more chances
    assert steps[-1].extra.get("sent_by") == "harness"
    assert [s.extra.get("sent_by") for s in steps[:-1]] == [None] * 4
    assert trajectory.result.exit_reason == "done" and trajectory.result.verified is True
