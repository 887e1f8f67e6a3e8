"""Checks a lock file against the manifest: every pinned version must still satisfy its range."""

from dataclasses import dataclass

from ranges import Range


@dataclass(frozen=True)
class Drift:
    package: str
    locked: str
    wanted: str
    newest_allowed: object


def parse_manifest(text):
    """`name: range` lines; blank lines and '#' comments are ignored."""
    wanted = {}
    for number, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, spec = line.partition(":")
        if not sep or not name.strip() or not spec.strip():
            raise ValueError(f"manifest line {number}: expected 'name: range', got {line!r}")
        wanted[name.strip()] = spec.strip()
    return wanted


def check_lock(manifest, locked, registry):
    """Packages whose locked version falls outside the manifest range, with the version to move to."""
    drift = []
    for package, spec in sorted(manifest.items()):
        rng = Range(spec)
        pinned = locked.get(package)
        if pinned is None or not rng.matches(pinned):
            drift.append(Drift(package, pinned, spec, rng.best(registry.get(package, []))))
    return drift
