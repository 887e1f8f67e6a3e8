"""Users carry a role plus per-user exceptions granted or revoked by an administrator."""

from dataclasses import dataclass, field


@dataclass
class User:
    name: str
    role: str
    granted: list = field(default_factory=list)
    revoked: list = field(default_factory=list)
