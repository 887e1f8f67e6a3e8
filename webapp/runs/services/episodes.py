"""Writes for episodes: every event as it happens (one transaction each, numbered in order), the
finished document as a Trajectory, and the document of an episode whose worker was lost, folded
from the events it had stored."""

from __future__ import annotations

import logging
from typing import cast

from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from harness.trajectory import Trajectory as TrajectoryRecord
from harness.trajectory import fold_events, validation_errors
from webapp.live.doorbell import ring
from webapp.runs.models import Episode, EpisodeEvent
from webapp.trajectories.services import save_trajectory, storable

log = logging.getLogger(__name__)


def episode_topic(episode_pk: int) -> str:
    return f"episode.{episode_pk}"


@transaction.atomic
def record_episode_event(*, episode: Episode, event: dict) -> EpisodeEvent:
    """Store one event of ``harness.episode.run_episode``'s ``on_event`` and wake the viewers."""
    locked = Episode.objects.select_for_update().get(pk=episode.pk)
    kind = str(event.get("event") or "unknown")
    data = cast(dict, storable({k: v for k, v in event.items() if k not in ("event", "at")}))  # a dict stays one
    at = parse_datetime(event["at"]) if isinstance(event.get("at"), str) else None
    locked.last_seq += 1
    row = EpisodeEvent.objects.create(episode=locked, seq=locked.last_seq, kind=kind, data=data,
                                      at=at or timezone.now())
    fields = ["last_seq", "updated_at"]
    if kind == "step" and isinstance(data.get("step"), dict):
        locked.turns = max(locked.turns, int(data["step"].get("turn") or 0))
        fields.append("turns")
    elif kind == "result" and isinstance(result := data.get("result"), dict):  # the event's payload
        locked.exit_reason = str(result.get("exit_reason") or "")
        locked.verified = result.get("verified")
        fields += ["exit_reason", "verified"]
    locked.save(update_fields=fields)
    ring(episode_topic(locked.pk))
    return row


@transaction.atomic
def keep_trajectory(*, episode: Episode, trajectory: TrajectoryRecord, path: str = ""):
    """Store the finished trajectory (its document) linked to the episode (and to its eval run)."""
    stored, _ = save_trajectory(document=trajectory.to_json(check=False), source_path=path)
    Episode.objects.filter(pk=episode.pk).update(trajectory=stored, document_path=path,
                                                 exit_reason=str(trajectory.result.exit_reason),
                                                 verified=trajectory.result.verified)
    if episode.eval_run_id:
        episode.eval_run.trajectories.add(stored)
    ring(episode_topic(episode.pk))
    return stored


def stored_events(episode: Episode) -> list[dict]:
    """The episode's events in the shape ``harness.trajectory.fold_events`` reads."""
    return [{"event": e.kind, "at": e.at.isoformat(), **e.data} for e in episode.events.order_by("seq")]


def keep_what_was_played(*, episode: Episode, reason: str):
    """A lost episode's document, folded from its stored events (a crash, with ``reason``); None when
    it never got as far as its header."""
    events = stored_events(episode)
    if not any(e["event"] == "header" for e in events) or episode.trajectory_id:
        return None
    trajectory = fold_events(events)
    if not any(e["event"] == "result" for e in events):
        trajectory.result.reason = reason
    problems = validation_errors(trajectory.to_json(check=False))
    if problems:
        log.warning("episode %s: the folded document is not valid (%s); its events stay", episode.episode_id,
                    "; ".join(problems[:3]))
        return None
    return keep_trajectory(episode=episode, trajectory=trajectory)
