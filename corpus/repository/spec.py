"""The repository sections of a task's meta.json, checked, as dataclasses.

A repository task's meta.json holds, beside the common fields (name, category, preference,
description):

- ``repo``: ``name``, ``url`` (upstream, recorded as data), ``license``, ``buggy_commit``,
  ``fixed_commit`` and ``source`` (the history's file name under the corpus's ``repos/`` folder);
- ``environment``: ``python`` (``"3.8"``), ``requirements`` (exact pins ``name==version``, the
  resolved set), ``install`` (``{"path": "."}``: the folder put on ``PYTHONPATH`` so the package
  imports from the workspace), ``env`` (variables such as ``LC_ALL``);
- ``tests``: ``fail_to_pass`` and ``pass_to_pass`` (pytest node ids), ``files`` (every test-side file
  the fix adds or changes: taken from the fixed commit and protected);
- ``origin``: where the task came from, enough to rebuild it (importer, project, bug id).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

COMMIT = re.compile(r"^[0-9a-f]{7,40}$")
PIN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*(\[[A-Za-z0-9._,-]+\])?==[A-Za-z0-9.+!_-]+$")
PYTHON = re.compile(r"^3\.\d{1,2}$")
ENV_NAME = re.compile(r"^[A-Z_][A-Z0-9_]*$")
NODE_ID = re.compile(r"^[^\s:][^\s]*\.py(::[^\s]+)*$")
# Variables a task may set: the locale and Python's text-encoding switches (the bugs that depend on them).
ALLOWED_ENV = frozenset({"LC_ALL", "LANG", "LC_CTYPE", "PYTHONIOENCODING", "PYTHONUTF8", "PYTHONCOERCECLOCALE",
                         "TZ", "PYTHONHASHSEED", "SETUPTOOLS_SCM_PRETEND_VERSION"})


class RepositorySpecError(ValueError):
    def __init__(self, field_name: str, reason: str):
        self.field, self.reason = field_name, reason
        super().__init__(f"{field_name}: {reason}")


@dataclass(frozen=True)
class RepoSpec:
    name: str
    url: str
    license: str
    buggy_commit: str
    fixed_commit: str
    source: str


@dataclass(frozen=True)
class EnvironmentSpec:
    python: str
    requirements: tuple[str, ...]
    install_path: str = "."
    env: dict[str, str] = field(default_factory=dict, hash=False)

    def to_dict(self) -> dict:
        return {"python": self.python, "requirements": list(self.requirements),
                "install": {"path": self.install_path}, "env": dict(self.env)}


@dataclass(frozen=True)
class TestsSpec:
    fail_to_pass: tuple[str, ...]
    pass_to_pass: tuple[str, ...]
    files: tuple[str, ...]

    @property
    def all(self) -> tuple[str, ...]:
        return self.fail_to_pass + self.pass_to_pass


@dataclass(frozen=True)
class RepositorySpec:
    repo: RepoSpec
    environment: EnvironmentSpec
    tests: TestsSpec
    origin: dict = field(default_factory=dict, hash=False)


def is_repository_meta(meta: dict) -> bool:
    return isinstance(meta, dict) and "repo" in meta


def _section(meta: dict, key: str) -> dict:
    value = meta.get(key)
    if not isinstance(value, dict):
        raise RepositorySpecError(key, "missing or not an object (see DESIGN.md, 'Repository tasks')")
    return value


def _text(section: dict, where: str, key: str, pattern: re.Pattern | None = None, hint: str = "") -> str:
    value = section.get(key)
    if not isinstance(value, str) or not value.strip():
        raise RepositorySpecError(f"{where}.{key}", "missing or not a string")
    if pattern is not None and not pattern.match(value):
        raise RepositorySpecError(f"{where}.{key}", f"{value!r} is not {hint}")
    return value


def _relative(value: str, where: str) -> str:
    if value.startswith("/") or "\\" in value or any(part in ("..", "") for part in value.split("/")) and value != ".":
        raise RepositorySpecError(where, f"{value!r} must be a relative path inside the repository, without '..'")
    return value


def _strings(section: dict, where: str, key: str, pattern: re.Pattern, hint: str, *, required: bool) -> tuple[str, ...]:
    value = section.get(key, None if required else [])
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RepositorySpecError(f"{where}.{key}", "expected a list of strings")
    for i, item in enumerate(value):
        if not pattern.match(item):
            raise RepositorySpecError(f"{where}.{key}[{i}]", f"{item!r} is not {hint}")
    return tuple(value)


def parse_repository(meta: dict) -> RepositorySpec:
    """The checked sections; RepositorySpecError names the first field at fault."""
    repo = _section(meta, "repo")
    source = _text(repo, "repo", "source")
    if "/" in source or source.startswith("."):
        raise RepositorySpecError("repo.source", f"{source!r} must be a file name under the corpus's repos/ folder")
    repo_spec = RepoSpec(name=_text(repo, "repo", "name"), url=_text(repo, "repo", "url"),
                         license=_text(repo, "repo", "license"),
                         buggy_commit=_text(repo, "repo", "buggy_commit", COMMIT, "a git commit id (hex)"),
                         fixed_commit=_text(repo, "repo", "fixed_commit", COMMIT, "a git commit id (hex)"),
                         source=source)
    env_spec = parse_environment(meta)
    tests_spec = parse_tests(meta)
    origin = meta.get("origin", {})
    return RepositorySpec(repo=repo_spec, environment=env_spec, tests=tests_spec,
                          origin=origin if isinstance(origin, dict) else {})


def parse_environment(meta: dict) -> EnvironmentSpec:
    env = _section(meta, "environment")
    install = env.get("install", {"path": "."})
    if not isinstance(install, dict) or not isinstance(install.get("path", "."), str):
        raise RepositorySpecError("environment.install", "expected {\"path\": \".\"} (the folder put on PYTHONPATH)")
    variables = env.get("env", {})
    if not isinstance(variables, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in variables.items()):
        raise RepositorySpecError("environment.env", "expected an object of string variables")
    for key in variables:
        if not ENV_NAME.match(key) or key not in ALLOWED_ENV:
            raise RepositorySpecError(f"environment.env.{key}", f"is not a variable a task may set; allowed: "
                                      f"{', '.join(sorted(ALLOWED_ENV))}")
    env_spec = EnvironmentSpec(python=_text(env, "environment", "python", PYTHON, "a Python version like '3.8'"),
                               requirements=_strings(env, "environment", "requirements", PIN,
                                                     "an exact pin 'name==version'", required=True),
                               install_path=_relative(install.get("path", "."), "environment.install.path"),
                               env=dict(variables))
    return env_spec


def parse_tests(meta: dict) -> TestsSpec:
    tests = _section(meta, "tests")
    fail = _strings(tests, "tests", "fail_to_pass", NODE_ID, "a pytest node id 'tests/test_x.py::test_y'", required=True)
    if not fail:
        raise RepositorySpecError("tests.fail_to_pass", "is empty; a task needs at least one failing test")
    passing = _strings(tests, "tests", "pass_to_pass", NODE_ID, "a pytest node id", required=False)
    files = tuple(_relative(f, "tests.files") for f in _strings(tests, "tests", "files", re.compile(r".+"), "a path",
                                                                   required=True))
    return TestsSpec(fail, passing, files)


GIT_VERSION = re.compile(r"^git:([0-9a-f]{40})$")


def history_repo(name: str, version: str, source: str, from_real: str) -> dict:
    """A generated task's ``repo`` when its tree is a commit of a history (``version`` ``git:<commit>``): the
    history's file name and the real bug whose fixed tree it is."""
    return {"name": name, "version": version, "source": source, "from_real": from_real}


def parse_generated(meta: dict) -> RepositorySpec:
    """A generated task's sections. ``repo`` names the source version the bug was planted in and where
    that version's tree comes from, one of:

    - ``source``: a git history's file name under a ``_repos/`` folder (the real-bug corpus's bundle), the
      version being ``git:<commit>`` in it (``from_real`` names the real bug whose fixed tree it is);
    - ``snapshot``: a folder, relative to the task, holding the tree its siblings share (a generator's
      ``sources/``).

    Environment and tests as for a real bug."""
    repo = _section(meta, "repo")
    version = _text(repo, "repo", "version")
    if "snapshot" in repo:
        snapshot = _text(repo, "repo", "snapshot")
        if snapshot.startswith("/") or "\\" in snapshot:
            raise RepositorySpecError("repo.snapshot", f"{snapshot!r} must be a path relative to the task folder")
        commit, source = version, snapshot
    else:
        source = _text(repo, "repo", "source")
        if "/" in source or source.startswith("."):
            raise RepositorySpecError("repo.source", f"{source!r} must be a file name under a _repos/ folder "
                                                     "(a real bug's bundle)")
        match = GIT_VERSION.match(version)
        if match is None:
            raise RepositorySpecError("repo.version", f"{version!r} is not 'git:<40-hex commit>' (the commit of "
                                                      "repo.source the bug was planted in)")
        commit = match.group(1)
        if "from_real" in repo:
            _text(repo, "repo", "from_real")
    repo_spec = RepoSpec(name=_text(repo, "repo", "name"), url=str(repo.get("url") or ""),
                         license=str(repo.get("license") or ""), buggy_commit=commit, fixed_commit=commit,
                         source=source)
    origin = meta.get("generator", {})
    return RepositorySpec(repo=repo_spec, environment=parse_environment(meta), tests=parse_tests(meta),
                          origin=origin if isinstance(origin, dict) else {})
