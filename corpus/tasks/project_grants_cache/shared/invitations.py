"""Project invitations: an owner or admin invites someone with a project role; they accept later."""

import itertools
from dataclasses import dataclass

from access import can
from roles import ROLES

_codes = itertools.count(1000)


class InvitationError(Exception):
    pass


@dataclass
class Invitation:
    code: int
    project: object
    email: str
    role: str
    accepted_by: str = None


def invite(inviter, project, email, role):
    if role not in ROLES:
        raise InvitationError(f"cannot invite as {role!r}; roles are {', '.join(sorted(ROLES))}")
    if role == "admin" and project.owner != inviter.name:
        raise InvitationError("only the owner may invite admins")
    if not (project.owner == inviter.name or can(inviter, project, "manage_members")):
        raise InvitationError(f"{inviter.name} may not invite people to {project.name}")
    return Invitation(next(_codes), project, email.lower(), role)


def accept(invitation, user):
    if invitation.accepted_by is not None:
        raise InvitationError(f"invitation {invitation.code} was already used by {invitation.accepted_by}")
    invitation.project.members[user.name] = invitation.role
    invitation.accepted_by = user.name
    return invitation.project.members
