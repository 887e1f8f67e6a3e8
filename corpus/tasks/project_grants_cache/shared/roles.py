"""Role definitions: each role lists its own permissions and the roles it builds on."""

import functools

ROLES = {
    "viewer": {"permissions": ["read"], "inherits": []},
    "commenter": {"permissions": ["comment"], "inherits": ["viewer"]},
    "editor": {"permissions": ["edit"], "inherits": ["commenter"]},
    "admin": {"permissions": ["manage_members", "delete"], "inherits": ["editor"]},
}


class UnknownRole(KeyError):
    def __str__(self):
        return f"unknown role {self.args[0]!r}; known roles: {', '.join(sorted(ROLES))}"


@functools.lru_cache(maxsize=None)
def permissions_for(role):
    """All permissions of a role, inherited ones first, without duplicates. Resolved once per role."""
    if role not in ROLES:
        raise UnknownRole(role)
    resolved = []
    for parent in ROLES[role]["inherits"]:
        for permission in permissions_for(parent):
            if permission not in resolved:
                resolved.append(permission)
    for permission in ROLES[role]["permissions"]:
        if permission not in resolved:
            resolved.append(permission)
    return resolved
