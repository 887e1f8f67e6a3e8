from dataclasses import dataclass, field


@dataclass
class Request:
    path: str
    headers: dict = field(default_factory=dict)


@dataclass
class Response:
    status: int
    body: object = None
    headers: dict = field(default_factory=dict)
