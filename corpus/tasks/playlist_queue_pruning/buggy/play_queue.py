"""The listener's play queue: what plays after the current track."""


class PlayQueue:
    def __init__(self, tracks=()):
        self.items = list(tracks)
        self.log = []  # (reason, [track ids removed])

    def prune(self, predicate, reason):
        """Drop every queued track the predicate matches; returns the removed tracks."""
        removed = []
        for index, track in enumerate(self.items):
            if predicate(track):
                removed.append(self.items.pop(index))
        self.log.append((reason, [t.id for t in removed]))
        return removed

    def remove_artist(self, artist):
        return self.prune(lambda t: t.artist == artist, f"hide artist {artist}")

    def play_next(self, ids):
        """Move the tracks with these ids to the front, in the order given."""
        wanted = set(ids)
        for index, track in enumerate(self.items):
            if track.id in wanted:
                self.items.insert(0, self.items.pop(index))

    def up_next(self, count):
        return self.items[:count]
