"""Render requests, and how a batch of them collapses into render jobs."""

from dataclasses import dataclass, field


class RenderError(Exception):
    pass


@dataclass(frozen=True)
class RenderRequest:
    image_id: str
    version: int
    size: int
    requester: str = "upload"


@dataclass
class RenderJob:
    image_id: str
    version: int
    size: int
    requesters: list = field(default_factory=list)

    @property
    def key(self):
        return (self.image_id, self.size)

    @classmethod
    def from_request(cls, request):
        return cls(request.image_id, request.version, request.size, [request.requester])

    def absorb(self, request):
        """A second request for the same thumbnail: render once, at the newest version asked for."""
        self.version = max(self.version, request.version)
        self.requesters.append(request.requester)
        return self


def coalesce(requests):
    jobs = {}
    for request in requests:
        key = (request.image_id, request.size)
        if key in jobs:
            jobs[key].absorb(request)
        else:
            jobs[key] = RenderJob.from_request(request)
    return list(jobs.values())


def scaled(width, height, longest_edge):
    if width <= 0 or height <= 0:
        raise RenderError(f"image has no pixels ({width}x{height})")
    factor = min(1.0, longest_edge / max(width, height))
    return max(1, round(width * factor)), max(1, round(height * factor))
