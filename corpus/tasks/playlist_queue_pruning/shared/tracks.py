"""Tracks as the catalogue service returns them."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Track:
    id: str
    title: str
    artist: str
    seconds: int
    explicit: bool = False
    blocked_in: frozenset = field(default_factory=frozenset)


def fmt_duration(seconds):
    minutes, rest = divmod(seconds, 60)
    return f"{minutes}:{rest:02d}"
