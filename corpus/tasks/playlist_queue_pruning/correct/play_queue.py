"""The listener's play queue: what plays after the current track."""


class PlayQueue:
    def __init__(self, tracks=()):
        self.items = list(tracks)
        self.log = []  # (reason, [track ids removed])

    def prune(self, predicate, reason):
        """Drop every queued track the predicate matches; returns the removed tracks."""
        kept, removed = [], []
        for track in self.items:
            (removed if predicate(track) else kept).append(track)
        self.items = kept
        self.log.append((reason, [t.id for t in removed]))
        return removed

    def remove_artist(self, artist):
        return self.prune(lambda t: t.artist == artist, f"hide artist {artist}")

    def play_next(self, ids):
        """Move the tracks with these ids to the front, in the order given."""
        by_id = {track.id: track for track in self.items}
        front = [by_id[i] for i in ids if i in by_id]
        moved = {track.id for track in front}
        self.items = front + [track for track in self.items if track.id not in moved]

    def up_next(self, count):
        return self.items[:count]
