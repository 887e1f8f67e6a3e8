"""Version ranges as package manifests write them, reduced to sets of comparators.

  ^1.2.3 -> >=1.2.3 <2.0.0   ^0.2.3 -> >=0.2.3 <0.3.0   ^0.0.3 -> >=0.0.3 <0.0.4   ^0.x -> <1.0.0
  ~1.2.3 -> >=1.2.3 <1.3.0   ~1.2 -> >=1.2.0 <1.3.0     ~1 -> >=1.0.0 <2.0.0
  1.2.x, 1.2 -> >=1.2.0 <1.3.0      1.2.3 - 2.3 -> >=1.2.3 <2.4.0      a || b: either
A pre-release only matches a range with a pre-release comparator on the same major.minor.patch.
"""

import operator
import re
from dataclasses import dataclass

from versions import Version, VersionError

PARTIAL = re.compile(r"^v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?$")
OPS = {">=": operator.ge, ">": operator.gt, "<=": operator.le, "<": operator.lt, "=": operator.eq}


@dataclass(frozen=True)
class Comparator:
    op: str
    version: Version

    def test(self, version):
        return OPS[self.op](version, self.version)


def _partial(text):
    match = PARTIAL.match(text)
    if not match:
        raise VersionError(f"{text!r} is not a version or partial version")
    parts = [None if p is None or p in "xX*" else int(p) for p in match.groups()[:3]]
    pre = tuple(match[4].split(".")) if match[4] else ()
    return parts, pre


def _floor(parts, pre=()):
    return Version(parts[0] or 0, parts[1] or 0, parts[2] or 0, pre)


def _caret(parts, pre):
    major, minor, patch = parts
    if major is None:
        return []
    if major != 0 or minor is None:
        upper = Version(major + 1, 0, 0)
    elif patch is None:
        upper = Version(0, minor + 1, 0)
    else:
        upper = Version(0, minor, patch + 1)
    return [Comparator(">=", _floor(parts, pre)), Comparator("<", upper)]


def _tilde(parts, pre):
    major, minor, _ = parts
    if major is None:
        return []
    if minor is None:
        upper = Version(major, 1, 0)
    else:
        upper = Version(major, minor + 1, 0)
    return [Comparator(">=", _floor(parts, pre)), Comparator("<", upper)]


def _x_range(parts, pre):
    major, minor, patch = parts
    if major is None:
        return []
    if minor is None:
        return [Comparator(">=", _floor(parts)), Comparator("<", Version(major + 1, 0, 0))]
    if patch is None:
        return [Comparator(">=", _floor(parts)), Comparator("<", Version(major, minor + 1, 0))]
    return [Comparator("=", _floor(parts, pre))]


def _hyphen_upper(parts, pre):
    major, minor, patch = parts
    if minor is None:
        return Comparator("<", Version(major + 1, 0, 0))
    return Comparator("<=", _floor(parts, pre))


def _comparators(text):
    text = " ".join(text.split())
    if " - " in text:
        low, high = text.split(" - ", 1)
        return [Comparator(">=", _floor(*_partial(low))), _hyphen_upper(*_partial(high))]
    comparators = []
    for token in text.split(" "):
        if token.startswith("^"):
            comparators += _caret(*_partial(token[1:]))
        elif token.startswith("~"):
            comparators += _tilde(*_partial(token[1:]))
        elif token[:2] in (">=", "<="):
            comparators.append(Comparator(token[:2], _floor(*_partial(token[2:]))))
        elif token[:1] in "<>=":
            comparators.append(Comparator(token[:1], _floor(*_partial(token[1:]))))
        elif token:
            comparators += _x_range(*_partial(token))
    return comparators


class Range:
    def __init__(self, text):
        self.text = text
        self.alternatives = [_comparators(part.strip()) for part in text.split("||")]

    def _allows_prerelease(self, version, comparators):
        return any(c.version.prerelease for c in comparators)

    def matches(self, version):
        if isinstance(version, str):
            version = Version.parse(version)
        for comparators in self.alternatives:
            if version.prerelease and not self._allows_prerelease(version, comparators):
                continue
            if all(c.test(version) for c in comparators):
                return True
        return False

    def best(self, versions):
        """The highest of ``versions`` (strings) the range allows, or None."""
        allowed = [v for v in map(Version.parse, versions) if self.matches(v)]
        return str(max(allowed)) if allowed else None
