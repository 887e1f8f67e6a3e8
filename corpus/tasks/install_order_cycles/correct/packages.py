"""Package metadata and requirement strings like 'http-core>=2.1'."""

import re
from dataclasses import dataclass

REQUIREMENT = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_.\-]*)\s*(?:(>=|==|<)\s*(\d+(?:\.\d+)*))?\s*$")


class RequirementError(ValueError):
    pass


def version_tuple(text):
    return tuple(int(part) for part in text.split("."))


@dataclass(frozen=True)
class Requirement:
    name: str
    op: str = ""
    version: tuple = ()

    def allows(self, version):
        if not self.op:
            return True
        if self.op == ">=":
            return version >= self.version
        if self.op == "==":
            return version == self.version
        return version < self.version


def parse_requirement(text, owner):
    match = REQUIREMENT.match(text)
    if not match:
        raise RequirementError(f"{owner}: cannot read requirement {text!r}; write it like 'name>=1.2'")
    name, op, version = match.groups()
    return Requirement(name.lower(), op or "", version_tuple(version) if version else ())


@dataclass(frozen=True)
class Package:
    name: str
    version: tuple
    requires: tuple = ()


def registry(entries):
    """{'name': ('1.2.0', ['dep>=1', ...])} -> {name: Package}"""
    packages = {}
    for name, (version, requires) in entries.items():
        reqs = tuple(parse_requirement(r, name) for r in requires)
        packages[name.lower()] = Package(name.lower(), version_tuple(version), reqs)
    return packages
