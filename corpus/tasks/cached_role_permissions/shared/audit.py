"""An audit trail of access decisions, for the security review page."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Decision:
    user: str
    permission: str
    allowed: bool


class AccessAudit:
    def __init__(self, can):
        self._can = can
        self.decisions = []

    def check(self, user, permission):
        allowed = bool(self._can(user, permission))
        self.decisions.append(Decision(user.name, permission, allowed))
        return allowed

    def denials(self):
        return [(d.user, d.permission) for d in self.decisions if not d.allowed]

    def summary(self):
        """user -> (allowed count, denied count), users in name order."""
        out = {}
        for d in self.decisions:
            allowed, denied = out.get(d.user, (0, 0))
            out[d.user] = (allowed + d.allowed, denied + (not d.allowed))
        return dict(sorted(out.items()))
