"""Where an episode's events go: the durable stream first, then the live listener."""

from __future__ import annotations

import logging
from collections.abc import Callable

from harness.records.events import EpisodeEvent
from harness.trajectory import EventStream

log = logging.getLogger(__name__)


class Recorder:
    """Writes each event to the stream first (durable), then tells the listener (best effort)."""

    def __init__(self, stream: EventStream, on_event: Callable[[dict], None] | None):
        self.stream, self.on_event = stream, on_event

    def emit(self, kind: str, payload: dict) -> None:
        event = EpisodeEvent(kind, payload)
        self.stream.emit(event)
        if self.on_event is not None:
            try:
                self.on_event(event.to_json())
            except Exception:  # a broken listener must not end the episode
                log.exception("on_event listener failed on a %s event", kind)
