from dataclasses import dataclass, field


@dataclass
class Request:
    method: str
    path: str
    headers: dict = field(default_factory=dict)

    def header(self, name, default=""):
        return self.headers.get(name.lower(), default)


@dataclass
class Response:
    status: int
    body: object = None
    headers: dict = field(default_factory=dict)
