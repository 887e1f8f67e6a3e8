"""Episodes: ``run_episode`` plays one task with one policy in one sandbox and returns its
``Trajectory`` (also written as the ``stepwise.trajectory/1`` document); ``score_episode`` scores it
after. The pieces: the turn loop (``loop``), the workspace-change tracker (``changes``),
verification and the one place the result is built (``result``), the score step (``scoring``) and
the event recorder (``recorder``)."""

from harness.episode.changes import EDIT_TOOLS, WorkspaceChanges, workspace_fingerprint
from harness.episode.run import run_episode, split_of_task
from harness.episode.scoring import Scorer, play_and_score, score_episode

__all__ = ["EDIT_TOOLS", "Scorer", "WorkspaceChanges", "play_and_score", "run_episode", "score_episode",
           "split_of_task", "workspace_fingerprint"]
