"""Decides what a user may do on a project."""

from roles import permissions_for

OWNER_EXTRAS = ["delete", "transfer"]
READ_ONLY = ("read", "comment")


def grants(user, project):
    if user.suspended:
        return []
    role = project.members.get(user.name, user.role)
    # permissions_for() hands out its cached list: work on a copy, never on the shared one.
    granted = list(permissions_for(role))
    if project.owner == user.name:
        granted += [extra for extra in OWNER_EXTRAS if extra not in granted]
    if project.archived:
        granted = [permission for permission in granted if permission in READ_ONLY]
    return granted


def can(user, project, permission):
    return permission in grants(user, project)


def audit_matrix(users, project):
    return {user.name: sorted(grants(user, project)) for user in users}
