"""Play, then score: ``score_episode`` is the one step after ``run_episode`` that fills a trajectory's
``quality`` field (DESIGN.md, "Trajectory"). The scorers themselves (``harness/scoring``) plug in as
a ``Scorer``; eval, rollouts, GRPO and the web app all score through here."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from corpus.format import Task
from harness.episode.recorder import Recorder
from harness.episode.run import run_episode
from harness.policies.base import Policy
from harness.records.events import EpisodeEvent
from harness.records.quality import Quality
from harness.trajectory import EventStream, Trajectory, events_path_for, write_document

log = logging.getLogger(__name__)

Scorer = Callable[[Trajectory], Quality | None]  # None: the episode stays unscored


def score_episode(trajectory: Trajectory, scorer: Scorer | None, *, out: str | Path | None = None,
                  on_event: Callable[[dict], None] | None = None) -> Trajectory:
    """Set ``trajectory.quality`` from ``scorer`` and return the trajectory.

    With ``out`` (the document ``run_episode`` wrote), the ``quality`` event is appended to its
    events stream and the document is rewritten; ``on_event`` receives that event. A failing scorer
    is logged and leaves the trajectory unscored: the episode it scores must not be lost.
    """
    if scorer is None:
        return trajectory
    try:
        quality = scorer(trajectory)
    except Exception:
        log.exception("the quality scorer failed on %s", trajectory.episode_id)
        return trajectory
    if quality is None:
        return trajectory
    record = trajectory.quality = quality.to_json()
    if out is None:
        if on_event is not None:
            _tell(on_event, record)
        return trajectory
    with EventStream(events_path_for(out)) as stream:
        Recorder(stream, on_event).emit("quality", {"quality": record})
    write_document(trajectory.to_json(check=False), out)
    return trajectory


def _tell(on_event: Callable[[dict], None], quality: dict) -> None:
    try:
        on_event(EpisodeEvent("quality", {"quality": quality}).to_json())
    except Exception:  # a broken listener must not lose the score
        log.exception("on_event listener failed on a quality event")


def play_and_score(task: Task | str | Path, policy: Policy, *, scorer: Scorer | None,
                   **run_episode_kwargs: Any) -> Trajectory:
    """``run_episode`` then ``score_episode`` on the document it wrote (same ``out`` and ``on_event``)."""
    trajectory = run_episode(task, policy, **run_episode_kwargs)
    return score_episode(trajectory, scorer, out=run_episode_kwargs["out"],
                         on_event=run_episode_kwargs.get("on_event"))
