"""The scorer hook: after the result, ``scorer(document)`` may return a quality record that lands in
the trajectory's ``quality`` field (DESIGN.md, "Trajectory"). The scorers
themselves (``harness/scoring``) plug in here; the episode only calls the hook."""

from __future__ import annotations

import logging
from collections.abc import Callable

from harness.episode.recorder import Recorder
from harness.trajectory import Trajectory

log = logging.getLogger(__name__)

Scorer = Callable[[dict], dict | None]  # a stepwise.trajectory/1 document -> its quality record


def score(scorer: Scorer, trajectory: Trajectory, recorder: Recorder) -> None:
    try:
        quality = scorer(trajectory.to_json(check=False))
    except Exception:  # a failing scorer must not lose the episode; the document stays unscored
        log.exception("the quality scorer failed on %s", trajectory.episode_id)
        return
    if quality is not None:
        recorder.emit("quality", {"quality": quality})
