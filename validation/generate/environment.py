"""The environment a generated task's tests run in, recorded in its meta.json as a repository task's is.

Two sources: the environment of a real-bug task of the same project (``--environment-from TASK``: its
interpreter version, pins and variables, built once from the wheelhouse), or, for a folder of code a
user points the generator at, the interpreter the sandbox runs (this one) with pytest and what pytest
needs, pinned at the versions installed here.
"""

from __future__ import annotations

import re
import sys
from importlib import metadata
from pathlib import Path

from corpus.format import TaskFormatError, load_task
from corpus.repository.spec import EnvironmentSpec
from corpus.repository.task import RepositoryTask

ROOT_REQUIREMENTS = ("pytest",)


def _name(requirement: str) -> str:
    return re.split(r"[\s;<>=!~\[(]", requirement, maxsplit=1)[0]


def installed_pins(roots: tuple[str, ...] = ROOT_REQUIREMENTS) -> list[str]:
    """``name==version`` for each root distribution and everything it requires here (markers evaluated)."""
    from packaging.markers import default_environment
    from packaging.requirements import Requirement

    environment: dict[str, str] = {key: str(value) for key, value in default_environment().items()}
    environment["extra"] = ""
    seen: dict[str, str] = {}
    todo = list(roots)
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        seen[key] = f"{dist.metadata['Name']}=={dist.version}"
        for raw in dist.requires or []:
            requirement = Requirement(raw)
            if requirement.marker is None or requirement.marker.evaluate(environment):
                todo.append(requirement.name)
    return sorted(seen.values(), key=str.lower)


def default_environment() -> EnvironmentSpec:
    return EnvironmentSpec(python=f"{sys.version_info.major}.{sys.version_info.minor}",
                           requirements=tuple(installed_pins()))


def environment_of(task_dir: str | Path) -> tuple[EnvironmentSpec, str]:
    """The environment of a repository task (a real bug of the project being generated from), and the
    project's name."""
    try:
        task = load_task(Path(task_dir))
    except TaskFormatError as exc:
        raise ValueError(f"--environment-from {task_dir}: {exc}") from None
    if not isinstance(task, RepositoryTask) or task.spec is None:
        raise ValueError(f"--environment-from {task_dir}: not a repository task (its meta.json has no "
                         "'environment' section); give a real-bug task of the same project")
    return task.spec.environment, task.spec.repo.name
