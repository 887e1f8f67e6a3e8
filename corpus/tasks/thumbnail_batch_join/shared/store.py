"""Where rendered thumbnails are kept; a newer version always replaces an older one."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Thumbnail:
    image_id: str
    size: int
    version: int
    width: int
    height: int


class ThumbnailStore:
    def __init__(self):
        self._thumbs = {}
        self.renders = 0

    def put(self, thumb):
        self.renders += 1
        current = self._thumbs.get((thumb.image_id, thumb.size))
        if current is None or current.version <= thumb.version:
            self._thumbs[(thumb.image_id, thumb.size)] = thumb

    def get(self, image_id, size):
        return self._thumbs.get((image_id, size))

    def snapshot(self):
        return {key: (t.version, t.width, t.height) for key, t in sorted(self._thumbs.items())}
