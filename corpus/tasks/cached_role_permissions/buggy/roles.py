"""Role definitions with inheritance; resolved permission lists are memoized."""

from functools import lru_cache

ROLES = {
    "viewer": {"parent": None, "grants": ["article.read", "comment.read"]},
    "author": {"parent": "viewer", "grants": ["article.write", "comment.write"]},
    "editor": {"parent": "author", "grants": ["article.publish", "comment.moderate"]},
    "admin": {"parent": "editor", "grants": ["user.manage"]},
}


class UnknownRole(KeyError):
    pass


@lru_cache(maxsize=None)
def permissions_for(role):
    """All permissions of a role, inherited ones first."""
    if role not in ROLES:
        raise UnknownRole(f"unknown role {role!r}; known roles: {', '.join(ROLES)}")
    chain = []
    while role is not None:
        chain.append(role)
        role = ROLES[role]["parent"]
    perms = []
    for name in reversed(chain):
        for grant in ROLES[name]["grants"]:
            if grant not in perms:
                perms.append(grant)
    return perms
