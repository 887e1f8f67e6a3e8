"""Targeting rules evaluated before the percentage rollout: allow lists, deny lists, segments."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Targeting:
    allow: frozenset = frozenset()
    deny: frozenset = frozenset()
    segments: dict = field(default_factory=dict, hash=False, compare=False)

    def decide(self, user_id, attributes=None):
        """True/False when a rule decides, None to fall through to the rollout."""
        if user_id in self.deny:
            return False
        if user_id in self.allow:
            return True
        attributes = attributes or {}
        for name, required in self.segments.items():
            if attributes.get(name) != required:
                return None
        return True if self.segments else None


def parse_targeting(spec):
    """'allow=1,2; deny=9; plan=pro' -> Targeting"""
    allow, deny, segments = set(), set(), {}
    for part in filter(None, (p.strip() for p in spec.split(";"))):
        key, _, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if key in ("allow", "deny"):
            try:
                ids = {int(v) for v in value.split(",") if v.strip()}
            except ValueError:
                raise ValueError(f"{key} needs user ids like '1,2', got {value!r}") from None
            (allow if key == "allow" else deny).update(ids)
        elif key and value:
            segments[key] = value
        else:
            raise ValueError(f"cannot read targeting rule {part!r}; write name=value")
    return Targeting(frozenset(allow), frozenset(deny), segments)
