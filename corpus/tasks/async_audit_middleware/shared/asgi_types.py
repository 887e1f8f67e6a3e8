from dataclasses import dataclass, field


@dataclass
class Request:
    method: str
    path: str
    headers: dict = field(default_factory=dict)
    state: dict = field(default_factory=dict)


@dataclass
class Response:
    status: int
    body: object = None
    headers: dict = field(default_factory=dict)


class TokenStore:
    """API tokens -> (user, roles)."""

    def __init__(self, tokens):
        self.tokens = dict(tokens)

    def lookup(self, token):
        return self.tokens.get(token)
