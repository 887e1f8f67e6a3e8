"""Access checks: a user's role permissions adjusted by their personal exceptions."""

from roles import permissions_for


class PermissionDenied(Exception):
    pass


def effective_permissions(user):
    perms = list(permissions_for(user.role))
    for grant in user.granted:
        if grant not in perms:
            perms.append(grant)
    for revoked in user.revoked:
        if revoked in perms:
            perms.remove(revoked)
    return perms


def check(user, permission):
    perms = effective_permissions(user)
    if permission not in perms:
        raise PermissionDenied(f"{user.name} ({user.role}) may not {permission}")
    return True


def can(user, permission):
    try:
        return check(user, permission)
    except PermissionDenied:
        return False
