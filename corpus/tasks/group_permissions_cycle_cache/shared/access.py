"""Access checks for the operations console, and the quarterly access review."""

from resolver import Resolver


class AccessDenied(PermissionError):
    pass


class Console:
    def __init__(self, directory):
        self.directory = directory
        self.resolver = Resolver(directory)
        self.log = []

    def allowed(self, user):
        granted = set()
        for group in self.directory.groups_of(user):
            granted |= self.resolver.permissions(group)
        return granted

    def run(self, user, action, target):
        if action not in self.allowed(user):
            self.log.append(f"DENY {user} {action} {target}")
            raise AccessDenied(f"{user} may not {action} ({target})")
        self.log.append(f"ALLOW {user} {action} {target}")
        return f"{action} {target}: ok"

    def review(self, permission):
        """Who holds ``permission``, and through which of their groups."""
        holders = {}
        for user in self.directory.users():
            via = [g for g in self.directory.groups_of(user) if permission in self.resolver.permissions(g)]
            if via:
                holders[user] = via
        return holders

    def explain(self, user, permission):
        """The chain of groups through which ``user`` holds ``permission``, e.g. ['oncall', 'ops']."""
        for group in self.directory.groups_of(user):
            chain = self._chain(group, permission, [])
            if chain:
                return chain
        return None

    def _chain(self, group, permission, path):
        if group in path:
            return None
        path = path + [group]
        if permission in self.directory.grants(group):
            return path
        for inner in self.directory.includes(group):
            found = self._chain(inner, permission, path)
            if found:
                return found
        return None

    def group_sizes(self):
        """Effective permission count per group, for the admin overview."""
        groups = sorted({g for user in self.directory.users() for g in self.directory.groups_of(user)})
        return {group: len(self.resolver.permissions(group)) for group in groups}
