"""Print the project's requirements (its dependencies plus the named extras) from pyproject.toml, one a
line, for `pip install -r` / `pip download -r`: the image installs the dependencies without building
the project itself, so no build backend is needed offline. Standard library only (any python3 >= 3.11).

    python3 docker/requirements.py PYPROJECT EXTRAS      # EXTRAS: comma-separated, e.g. web,sandbox
"""

import sys
import tomllib


def requirements(pyproject: str, extras: str) -> list[str]:
    with open(pyproject, "rb") as handle:
        project = tomllib.load(handle)["project"]
    lines = list(project.get("dependencies", []))
    optional = project.get("optional-dependencies", {})
    for extra in filter(None, (e.strip() for e in extras.split(","))):
        if extra not in optional:
            raise SystemExit(f"no extra {extra!r} in {pyproject}; choose from {', '.join(sorted(optional))}")
        lines += [r for r in optional[extra] if r not in lines]
    return lines


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    print("\n".join(requirements(sys.argv[1], sys.argv[2])))
