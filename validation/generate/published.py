"""The changes a corpus of published tasks holds, read again whenever the corpus changes.

Runs at other commits of one project, going at the same time, publish as they go (``publish-generated`` adds
what a run has decided so far); each run asks before every candidate, so a change another run published after
this one planned is not tried again, where before it was found only when publishing left it out."""

from __future__ import annotations

from pathlib import Path

from corpus.publish_generated import published_changes


class PublishedChanges:
    def __init__(self, into: Path, but: str) -> None:
        self.into, self.but = into, but  # but: this run's own id, whose tasks are not another's
        self._stamp: int | None = None
        self._changes: dict[tuple[str, ...], tuple[str, str]] = {}

    def __contains__(self, identity: tuple[str, ...]) -> bool:
        # Publishing renames each finished task folder into the corpus, which changes the folder's time: a
        # read of the folder is never of half a task, and nothing changed means nothing to read again.
        stamp = self._folder_time()
        if stamp is None or stamp != self._stamp:
            self._changes = published_changes(self.into, self.but)
            self._stamp = stamp  # taken before the read: a task published during it is read next time
        return identity in self._changes

    def _folder_time(self) -> int | None:
        try:
            return self.into.stat().st_mtime_ns
        except OSError:
            return None
