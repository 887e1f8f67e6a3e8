"""Environments built once per (interpreter version, requirements), from a wheelhouse.

``build_environment(spec)`` returns a virtual environment under ``<cache>/envs/<key>/`` holding exactly
the task's pinned requirements (the project itself is not installed: it imports from the workspace).
Every pin is first fetched as a wheel into ``<cache>/wheelhouse/py<X.Y>/`` (an sdist is built into a
wheel with the local compiler), and the environment is installed from there alone (``--no-index``):
a rebuild, or a second machine given the wheelhouse, needs no network. Tasks with the same pins share
one environment (SWE-smith's lesson). A failed pin is named with its place in the requirements.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from corpus.repository.interpreters import find_python, reported_version
from corpus.repository.source import _lock, cache_root
from corpus.repository.spec import EnvironmentSpec

Progress = Callable[[int, int, str], None]
PASSED_PIP_SETTINGS = ("PIP_INDEX_URL", "PIP_CERT", "PIP_DEFAULT_TIMEOUT", "PIP_CLIENT_CERT", "PIP_TRUSTED_HOST")


class EnvironmentError_(RuntimeError):  # noqa: N801 - the builtin name is taken
    """An environment that cannot be built; the message names the pin and what to do."""


EnvironmentBuildError = EnvironmentError_


@dataclass(frozen=True)
class Environment:
    path: Path
    python: Path  # the environment's interpreter (bin/python)
    key: str
    built_s: float  # 0 when it was already built

    @property
    def site_packages(self) -> Path:
        return next(self.path.glob("lib/python*/site-packages"))


def environment_key(spec: EnvironmentSpec) -> str:
    pins = "\n".join(sorted(p.strip().lower() for p in spec.requirements))
    return hashlib.sha256(f"python {spec.python}\n{pins}".encode()).hexdigest()[:16]


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel_names(folder: Path) -> set[tuple[str, str]]:
    found = set()
    for wheel in folder.glob("*.whl"):
        parts = wheel.name.split("-")
        if len(parts) >= 5:
            found.add((normalize(parts[0]), parts[1]))
    return found


def _pin(requirement: str) -> tuple[str, str]:
    name, _, version = requirement.partition("==")
    return normalize(name.split("[")[0]), version.strip()


def text_bar(done: int, total: int, what: str) -> None:
    """A progress bar on a terminal (redrawn in place); one line per step elsewhere (a log)."""
    width = 24
    filled = width * done // max(total, 1)
    line = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {what[:60]}"
    if sys.stderr.isatty():
        print(f"\r{line:<96}", end="" if done < total else "\n", file=sys.stderr, flush=True)
    else:
        print(line, file=sys.stderr, flush=True)


def _run(argv: Sequence[str], *, offline: bool, cwd: Path | None = None,
         extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    # The user's pip configuration targets their own interpreter (its find-links wheels, its constraints, local
    # indexes without Requires-Python data that an old pip would follow to wheels this Python cannot run): a
    # task's environment is resolved from the index alone. PIP_INDEX_URL (a mirror) and the certificates pass.
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))
           or k in PASSED_PIP_SETTINGS}
    env.update({"PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1", "PYTHONNOUSERSITE": "1",
                "PIP_CONFIG_FILE": os.devnull})
    if offline:
        env["PIP_NO_INDEX"] = "1"
    env.update(extra_env or {})
    return subprocess.run(list(argv), capture_output=True, text=True, env=env, cwd=cwd)


def _failing_pin(output: str, requirements: Sequence[str]) -> str:
    """The requirement pip names in ``output``, with its index in the list, when there is one."""
    names = {normalize(_pin(r)[0]): (i, r) for i, r in enumerate(requirements)}
    for match in re.finditer(r"(?:for|of|building wheel for|Failed to build|requirement) ([A-Za-z0-9._-]+)", output):
        hit = names.get(normalize(match.group(1)))
        if hit is not None:
            return f"requirements[{hit[0]}] {hit[1]!r}"
    return "one of the requirements"


def builder(python: Path, version: str) -> Path:
    """A venv per Python version with the newest pip, setuptools and wheel that version runs (an old
    interpreter's own pip misreads indexes, and without ``wheel`` a setup.py-only sdist cannot become a
    wheel): what fetches, builds and resolves for that version."""
    folder = cache_root() / "builders" / f"py{version}"
    ready = folder / ".stepwise-complete"
    if ready.is_file():
        return folder / "bin" / "python"
    with _lock(folder.parent / f"py{version}.lock"):
        if not ready.is_file():
            shutil.rmtree(folder, ignore_errors=True)
            made = _run([str(python), "-m", "venv", str(folder)], offline=False)
            upgraded = _run([str(folder / "bin" / "python"), "-m", "pip", "install", "--quiet", "--upgrade", "pip",
                             "setuptools", "wheel"], offline=False) if made.returncode == 0 else made
            if upgraded.returncode != 0:
                shutil.rmtree(folder, ignore_errors=True)
                raise EnvironmentBuildError(f"could not prepare pip for Python {version} ({python}): "
                                            f"{(upgraded.stderr or upgraded.stdout).strip()[-200:]}")
            ready.write_text("ok\n")
    return folder / "bin" / "python"


def fill_wheelhouse(spec: EnvironmentSpec, python: Path, *, progress: Progress | None = None) -> Path:
    """Every pin of ``spec`` as a wheel in the wheelhouse (fetched and built only where missing)."""
    python = builder(python, spec.python)
    house = cache_root() / "wheelhouse" / f"py{spec.python}"
    house.mkdir(parents=True, exist_ok=True)
    with _lock(house / ".lock"):
        have = _wheel_names(house)
        missing = [r for r in spec.requirements if _pin(r) not in have]
        if len(missing) > 1:  # one pip run for them all; one per pin only where that fails (to name the pin)
            if progress:
                progress(0, len(missing), f"fetching {len(missing)} pins")
            _fetch(python, missing, house)
            have = _wheel_names(house)
            missing = [r for r in spec.requirements if _pin(r) not in have]
        for i, requirement in enumerate(missing):
            if progress:
                progress(i, len(missing), f"fetching {requirement}")
            staging = house / ".incoming"
            shutil.rmtree(staging, ignore_errors=True)
            proc = _run([str(python), "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(staging), requirement],
                        offline=False)
            if proc.returncode != 0:
                shutil.rmtree(staging, ignore_errors=True)
                index = spec.requirements.index(requirement)
                tail = " | ".join((proc.stderr or proc.stdout).strip().splitlines()[-2:])
                raise EnvironmentBuildError(
                    f"environment.requirements[{index}] {requirement!r} could not be fetched for Python {spec.python} "
                    f"({tail}); correct or drop that pin, or put its wheel in {house}")
            for sdist in [p for p in staging.iterdir() if not p.name.endswith(".whl")]:
                built = _run([str(python), "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(staging), str(sdist)],
                             offline=False)
                if built.returncode != 0:
                    index = spec.requirements.index(requirement)
                    tail = " | ".join((built.stderr or built.stdout).strip().splitlines()[-2:])
                    shutil.rmtree(staging, ignore_errors=True)
                    raise EnvironmentBuildError(
                        f"environment.requirements[{index}] {requirement!r}: its source distribution did not build "
                        f"into a wheel ({tail}); install the compiler or headers it needs, or pin a version with a wheel")
                sdist.unlink()
            for wheel in staging.glob("*.whl"):
                os.replace(wheel, house / wheel.name)
            shutil.rmtree(staging, ignore_errors=True)
        # The builder's pip too: an interpreter's own old pip cannot read today's wheel tags (manylinux2014), so
        # each environment first installs this one, offline, from the wheelhouse.
        if not list(house.glob("pip-*.whl")):
            _fetch(python, [f"pip=={_pip_version(python)}"], house)
        if progress:
            progress(len(missing), len(missing), "wheelhouse complete")
    return house


def _pip_version(python: Path) -> str:
    return _run([str(python), "-c", "import pip; print(pip.__version__)"], offline=True).stdout.strip()


def _fetch(python: Path, requirements: list[str], house: Path) -> None:
    """Download ``requirements`` as wheels into ``house`` in one pip run, building sdists into wheels;
    nothing is raised (the per-pin pass after it names what is still missing)."""
    staging = house / ".incoming-batch"
    shutil.rmtree(staging, ignore_errors=True)
    proc = _run([str(python), "-m", "pip", "download", "--no-deps", "--quiet", "-d", str(staging), *requirements],
                offline=False)
    if proc.returncode == 0:
        sdists = [p for p in staging.iterdir() if not p.name.endswith(".whl")]
        if sdists:
            _run([str(python), "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(staging), *map(str, sdists)],
                 offline=False)
        for wheel in staging.glob("*.whl"):
            os.replace(wheel, house / wheel.name)
    shutil.rmtree(staging, ignore_errors=True)


def environment_path(spec: EnvironmentSpec) -> Path:
    return cache_root() / "envs" / f"py{spec.python}-{environment_key(spec)}"


def is_built(spec: EnvironmentSpec) -> bool:
    return (environment_path(spec) / ".stepwise-complete").is_file()


def build_environment(spec: EnvironmentSpec, *, progress: Progress | None = None, offline: bool = False) -> Environment:
    """The environment for ``spec``, built now if it is not yet (``offline``: from the wheelhouse alone)."""
    target = environment_path(spec)
    key = environment_key(spec)
    if (target / ".stepwise-complete").is_file():
        return Environment(target, target / "bin" / "python", key, 0.0)
    started = time.monotonic()
    python = find_python(spec.python)
    with _lock(target.parent / f"{target.name}.lock"):
        if (target / ".stepwise-complete").is_file():
            return Environment(target, target / "bin" / "python", key, 0.0)
        house = cache_root() / "wheelhouse" / f"py{spec.python}"
        if offline:
            missing = [r for r in spec.requirements if _pin(r) not in _wheel_names(house)] if house.is_dir() else list(spec.requirements)
            if missing:
                raise EnvironmentBuildError(f"offline build: {len(missing)} pin(s) have no wheel in {house}, first "
                                            f"{missing[0]!r}; build once with network to fill the wheelhouse")
        else:
            house = fill_wheelhouse(spec, python, progress=progress)
        shutil.rmtree(target, ignore_errors=True)
        if progress:
            progress(0, 2, f"creating the environment with {python}")
        proc = _run([str(python), "-m", "venv", str(target)], offline=True)
        if proc.returncode != 0:
            shutil.rmtree(target, ignore_errors=True)
            raise EnvironmentBuildError(f"{python} -m venv failed ({proc.stderr.strip()[-200:]}); the interpreter needs "
                                        "its venv and ensurepip modules")
        newer_pip = sorted(house.glob("pip-*.whl"))
        if newer_pip:
            _run([str(target / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-index", str(newer_pip[-1])],
                 offline=True)
        requirements = target / "stepwise-requirements.txt"
        requirements.write_text("\n".join(spec.requirements) + "\n")
        if progress:
            progress(1, 2, f"installing {len(spec.requirements)} pinned packages from the wheelhouse")
        proc = _run([str(target / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-index", "--no-deps",
                     "--find-links", str(house), "-r", str(requirements)], offline=True)
        if proc.returncode != 0:
            output = proc.stderr or proc.stdout
            shutil.rmtree(target, ignore_errors=True)
            raise EnvironmentBuildError(f"installing {_failing_pin(output, spec.requirements)} failed: "
                                        f"{' | '.join(output.strip().splitlines()[-2:])}")
        elapsed = time.monotonic() - started
        manifest = {"python": str(python), "version": reported_version(str(python)), "key": key,
                    "requirements": list(spec.requirements), "built_s": round(elapsed, 2)}
        (target / "stepwise-environment.json").write_text(json.dumps(manifest, indent=1) + "\n")
        (target / ".stepwise-complete").write_text(key + "\n")
        if progress:
            progress(2, 2, f"environment ready in {elapsed:.1f} s")
    return Environment(target, target / "bin" / "python", key, elapsed)


def folder_size(path: Path) -> int:
    total = 0
    for dirpath, _dirs, files in os.walk(path):
        for name in files:
            try:
                total += (Path(dirpath) / name).lstat().st_size
            except OSError:
                pass
    return total
