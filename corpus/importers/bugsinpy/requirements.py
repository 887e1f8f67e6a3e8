"""BugsInPy's requirements.txt as constraints: the general rules that make it installable.

- ``-e``/VCS/URL/path lines point at the project itself (or another checkout): the project is taken
  from the workspace instead, so the line is dropped;
- ``pkg-resources==0.0.0`` is an artefact of Debian's pip freeze, not a package: dropped;
- the project's own pin is dropped (it imports from the workspace);
- extras are removed (pip takes no extras in constraints); anything that is not ``name==version`` is
  dropped. Each dropped line is reported with its line number.
"""

from __future__ import annotations

import re

from corpus.repository.environment import normalize

PIN_LINE = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?\s*==\s*([A-Za-z0-9.+!_-]+)\s*(?:;.*)?$")


def constraints_from(text: str, project: str) -> tuple[list[str], list[str]]:
    """(constraints, notes on dropped lines)."""
    pins: list[str] = []
    notes: list[str] = []
    own = {normalize(project), normalize(project.lower())}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(" #")[0].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith(("-e", "--editable")) or "://" in line or line.startswith(("git+", ".", "/")):
            notes.append(f"requirements.txt line {number}: {line[:80]!r} installs a checkout; the project is taken "
                         "from the workspace instead")
            continue
        match = PIN_LINE.match(line)
        if not match:
            notes.append(f"requirements.txt line {number}: {line[:80]!r} is not a 'name==version' pin; dropped")
            continue
        name, version = match.group(1), match.group(2)
        if normalize(name) == "pkg-resources" and version == "0.0.0":
            notes.append(f"requirements.txt line {number}: pkg-resources==0.0.0 is not a real package; dropped")
            continue
        if normalize(name) in own:
            notes.append(f"requirements.txt line {number}: {name} is the project itself; it imports from the workspace")
            continue
        pins.append(f"{name}=={version}")
    return pins, notes
