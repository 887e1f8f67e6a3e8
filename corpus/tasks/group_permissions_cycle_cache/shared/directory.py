"""The group directory: each group grants permissions and may include other groups, whose
permissions its members also get. Includes may form loops (two teams that cover for each other)."""


class DirectoryError(KeyError):
    def __str__(self):
        return self.args[0]


class Directory:
    def __init__(self):
        self._groups = {}
        self._members = {}

    def add_group(self, name, grants=(), includes=()):
        self._groups[name] = (frozenset(grants), tuple(includes))

    def add_member(self, user, *groups):
        for group in groups:
            self._check(group)
        self._members.setdefault(user, []).extend(groups)

    def grants(self, group):
        self._check(group)
        return self._groups[group][0]

    def includes(self, group):
        self._check(group)
        return self._groups[group][1]

    def groups_of(self, user):
        return list(self._members.get(user, []))

    def users(self):
        return sorted(self._members)

    def _check(self, group):
        if group not in self._groups:
            raise DirectoryError(f"unknown group {group!r}; known groups: {', '.join(sorted(self._groups))}")
