"""The scorer hook: after the result, ``scorer(document)`` may return a quality record that lands in
the trajectory's ``quality`` field (DESIGN.md, "Trajectory"). The scorers
themselves (``harness/scoring``) plug in here; the episode only calls the hook."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from harness.episode.recorder import Recorder
from harness.trajectory import Trajectory

log = logging.getLogger(__name__)

TrajectoryDocument = dict[str, Any]  # a stepwise.trajectory/1 document, as ``Trajectory.to_json`` writes it
QualityRecord = dict[str, Any]  # the document's ``quality`` field, as ``harness.scoring.Quality.to_json`` writes it
Scorer = Callable[[TrajectoryDocument], QualityRecord | None]  # None: the episode stays unscored


def score(scorer: Scorer, trajectory: Trajectory, recorder: Recorder) -> None:
    try:
        quality = scorer(trajectory.to_json(check=False))
    except Exception:  # a failing scorer must not lose the episode; the document stays unscored
        log.exception("the quality scorer failed on %s", trajectory.episode_id)
        return
    if quality is not None:
        recorder.emit("quality", {"quality": quality})
