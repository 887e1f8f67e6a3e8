"""Who may see which ticket: your teams' tickets, and confidential ones only with the right role."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Viewer:
    name: str
    teams: frozenset = field(default_factory=frozenset)
    can_see_confidential: bool = False
    admin: bool = False


def can_see(viewer, ticket):
    if viewer.admin:
        return True
    if ticket.team not in viewer.teams:
        return False
    return viewer.can_see_confidential or not ticket.confidential
