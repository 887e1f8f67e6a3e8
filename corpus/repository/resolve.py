"""Resolve a project's requirements into exact pins, once per (interpreter, inputs).

What a task's environment holds: the project's own runtime requirements (its setup.py / setup.cfg /
pyproject, with a test extra when it declares one), its test requirements files, and pytest — each
constrained by the pins a benchmark recorded (BugsInPy's requirements.txt), so versions match the
bug's time. The project is installed into a throw-away environment only to learn its dependencies,
then ``pip freeze`` gives the pins (the project itself, pip, setuptools and wheel left out). A
constraint the index cannot satisfy for this interpreter (a pin from another platform) is dropped
and reported, never silently: ``Resolution.dropped`` names each one with pip's reason.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from corpus.repository.environment import _run, normalize
from corpus.repository.interpreters import find_python
from corpus.repository.source import cache_root
from corpus.repository.test_requirements import declared_requirements

NOT_FOUND = re.compile(r"(?:No matching distribution found for|Could not find a version that satisfies the requirement) "
                       r"([A-Za-z0-9._\[\]-]+)")
CONFLICT = re.compile(r"Cannot install .*? because these package versions have conflicting dependencies|"
                      r"conflict is caused by", re.S)
LEFT_OUT = {"pip", "setuptools", "wheel", "distribute", "pkg-resources"}
MAX_DROPS = 12


class ResolutionError(RuntimeError):
    pass


@dataclass
class Resolution:
    pins: list[str]
    dropped: list[str] = field(default_factory=list)  # "name==v: reason"


def _key(python: str, checkout: Path, extras: Sequence[str], requirements: Sequence[str], constraints: Sequence[str]) -> str:
    digest = hashlib.sha256(f"{python}|{sorted(extras)}|{sorted(requirements)}|{sorted(constraints)}".encode())
    for name in ("setup.py", "setup.cfg", "pyproject.toml", "requirements.txt"):
        path = checkout / name
        if path.is_file():
            digest.update(name.encode() + path.read_bytes())
    return digest.hexdigest()[:20]


# pip's words when the project's own build (an old or unavailable build backend) fails before it names a requirement.
BUILD_FAILED = re.compile(r"Getting requirements to build wheel[^\n]*error|metadata-generation-failed|"
                          r"Preparing metadata \(pyproject\.toml\)[^\n]*error|egg_info did not run")


def resolve_pins(python_version: str, checkout: Path, *, project: str, extras: Sequence[str] = (),
                 requirements: Sequence[str] = (), constraints: Sequence[str] = (), optional: Sequence[str] = (),
                 scm_version: str = "0.0.0") -> Resolution:
    """Exact pins for ``checkout`` (installed with ``extras``) plus ``requirements``, under ``constraints``.
    ``optional`` requirements (guessed from imports) are dropped, and reported, when the index has none."""
    cached = cache_root() / "resolved" / f"{_key(python_version, checkout, extras, [*requirements, '|', *optional], constraints)}.json"
    if cached.is_file():
        data = json.loads(cached.read_text())
        return Resolution(data["pins"], data["dropped"])
    python = find_python(python_version)
    active = list(constraints)
    requirements = list(requirements)
    wanted = list(optional)
    dropped: list[str] = []
    from_declared = False
    work = Path(tempfile.mkdtemp(prefix="stepwise-resolve-"))
    try:
        for _attempt in range(MAX_DROPS + 1):
            venv = work / "venv"
            shutil.rmtree(venv, ignore_errors=True)
            proc = _run([str(python), "-m", "venv", str(venv)], offline=False)
            if proc.returncode != 0:
                raise ResolutionError(f"{python} -m venv failed: {proc.stderr.strip()[-200:]}")
            (work / "constraints.txt").write_text("\n".join(active) + "\n")
            # A copy of the checkout: building it writes (egg-info, build/) and the cached tree is read-only.
            build = work / "project"
            shutil.rmtree(build, ignore_errors=True)
            shutil.copytree(checkout, build, symlinks=True, ignore=shutil.ignore_patterns(".stepwise-complete"))
            for path in build.rglob("*"):
                if not path.is_symlink() and path.is_file():
                    path.chmod(0o644)
            targets = [f"{build}[{','.join(extras)}]" if extras else str(build)]
            if from_declared:  # the project's build failed: its declared requirements instead of the project
                targets = declared_requirements(checkout, list(extras))
            env_python = str(venv / "bin" / "python")
            # The interpreter's own pip may be too old to read today's index right (see environment.builder).
            _run([env_python, "-m", "pip", "install", "--quiet", "--upgrade", "pip", "wheel"], offline=False)
            # setuptools_scm finds no .git in the copy: it is given the version instead.
            # Not --quiet: pip names the conflicting constraint only in its informational lines.
            proc = _run([env_python, "-m", "pip", "install", "-c", str(work / "constraints.txt"), *targets,
                         *requirements, *wanted], offline=False, extra_env={"SETUPTOOLS_SCM_PRETEND_VERSION": scm_version})
            if proc.returncode == 0:
                break
            output = proc.stderr + proc.stdout
            if not from_declared and BUILD_FAILED.search(output) and declared_requirements(checkout, list(extras)):
                from_declared = True
                dropped.append("the project itself: its build failed; its declared requirements were installed instead")
                continue
            culprit = _culprit(output, active)
            loosened = _loosen(output, requirements) if culprit is None else None
            if loosened is not None:  # a test requirement's own bound clashes: the bound goes, the package stays
                index, name = loosened
                requirements[index] = name
                dropped.append(f"the version bound of the test requirement {name}: it conflicts with the project's "
                               "dependencies")
                continue
            guess = _culprit(output, wanted) if culprit is None else None
            if culprit is None and guess is None:
                raise ResolutionError(f"the project's requirements did not install on Python {python_version}: "
                                      f"{_failure(output)}")
            if guess is not None:
                wanted.remove(guess)
                dropped.append(f"{guess}: imported by the tests but no such package for Python {python_version}")
                continue
            assert culprit is not None  # the branch above raised otherwise
            active.remove(culprit)
            dropped.append(f"{culprit}: not installable on Python {python_version} ({_reason(output)})")
        else:
            raise ResolutionError(f"more than {MAX_DROPS} constraints had to be dropped; the recorded pins do not fit "
                                  f"Python {python_version}")
        freeze = _run([env_python, "-m", "pip", "freeze"], offline=True).stdout
        own = normalize(project)
        pins = sorted({line.strip() for line in freeze.splitlines()
                       if "==" in line and not line.startswith(("-e", "#"))
                       and normalize(line.split("==")[0]) not in LEFT_OUT | {own}}, key=str.lower)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps({"pins": pins, "dropped": dropped}, indent=1))
    return Resolution(pins, dropped)


def _failure(output: str) -> str:
    """Why pip failed, in one line: its explanation of a conflict, else its ERROR lines (pip writes them to
    stderr, before the progress lines of stdout), else its last lines."""
    if "conflict is caused by:" in output:
        cause = output.split("conflict is caused by:", 1)[-1].split("To fix this", 1)[0]
    else:
        errors = [line[6:] for line in output.splitlines() if line.startswith("ERROR:")]
        cause = "\n".join(errors) if errors else "\n".join(output.strip().splitlines()[-3:])
    return " | ".join(line.strip() for line in cause.strip().splitlines()[:6])


def _reason(output: str) -> str:
    for line in output.splitlines():
        if line.startswith("ERROR:"):
            return line[6:].strip()[:160]
    return output.strip().splitlines()[-1][:160] if output.strip() else "no output"


def _loosen(output: str, requirements: list[str]) -> tuple[int, str] | None:
    """A bounded test requirement pip's conflict names ("The user requested chardet<=2.3.0"): its index and bare name."""
    for match in re.finditer(r"The user requested ([A-Za-z0-9._-]+)(?:\[[^\]]*\])?\s*[<>=!~]", output):
        name = normalize(match.group(1))
        for index, requirement in enumerate(requirements):
            bare = re.split(r"[\[<>=!~ ;]", requirement, maxsplit=1)[0]
            if normalize(bare) == name and bare != requirement:
                return index, bare
    return None


def _culprit(output: str, active: list[str]) -> str | None:
    """The constraint (or requirement) pip could not satisfy, when its output names one."""
    by_name = {normalize(c.split("==")[0]): c for c in active}
    for match in NOT_FOUND.finditer(output):
        hit = by_name.get(normalize(match.group(1).split("==")[0].split("[")[0]))
        if hit is not None:
            return hit
    if CONFLICT.search(output):
        for line in output.splitlines():
            match = re.search(r"The user requested \(constraint\) ([A-Za-z0-9._-]+)==", line)
            if match and normalize(match.group(1)) in by_name:
                return by_name[normalize(match.group(1))]
        # Otherwise a pinned package whose own dependencies clash: any constraint the conflict names.
        block = output.split("conflict is caused by:", 1)[-1].split("To fix this", 1)[0]
        for match in re.finditer(r"^\s*([A-Za-z0-9._-]+) [0-9][^ ]* depends on ([A-Za-z0-9._-]+)", block, re.MULTILINE):
            for name in match.groups():
                if normalize(name) in by_name:
                    return by_name[normalize(name)]
    return None
