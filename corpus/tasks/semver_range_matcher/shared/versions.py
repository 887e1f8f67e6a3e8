"""Semantic versions (semver.org 2.0.0): parsing and precedence."""

import re
from dataclasses import dataclass
from functools import total_ordering

VERSION = re.compile(r"^v?(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$")


class VersionError(ValueError):
    pass


def _identifier_key(part):
    # Numeric identifiers sort numerically and before alphanumeric ones.
    return (0, int(part), "") if part.isdigit() else (1, 0, part)


@total_ordering
@dataclass(frozen=True)
class Version:
    major: int
    minor: int
    patch: int
    prerelease: tuple = ()

    @classmethod
    def parse(cls, text):
        match = VERSION.match(text.strip())
        if not match:
            raise VersionError(f"{text!r} is not a semantic version like 1.4.2 or 2.0.0-rc.1")
        pre = tuple(match[4].split(".")) if match[4] else ()
        return cls(int(match[1]), int(match[2]), int(match[3]), pre)

    @property
    def release(self):
        return (self.major, self.minor, self.patch)

    def _key(self):
        pre = (1,) if not self.prerelease else (0, tuple(_identifier_key(p) for p in self.prerelease))
        return (self.release, pre)

    def __lt__(self, other):
        return self._key() < other._key()

    def __str__(self):
        text = f"{self.major}.{self.minor}.{self.patch}"
        return text + ("-" + ".".join(self.prerelease) if self.prerelease else "")
