"""Import BugsInPy bugs as repository tasks, by general rules only (see the package's modules).

For each bug: the commits must be in the given history; the fix's test-side files (every one it adds
or changes, test data included, beside ``bug.info``'s test files) become the task's protected tests;
the node ids come from ``run_test.sh`` (pytest, tox, nosetests or unittest forms); the environment is
resolved from the project's own requirements and test requirements, constrained by BugsInPy's pins;
then (``check``) the failing tests are run once on both versions: a bug is imported only when they
fail on the buggy version and pass on the fixed one, under the default locale or, failing that, under
the C locale (recorded in the task), and ``pass_to_pass`` is what passes on both; the task's own selection
(``fail_to_pass`` and ``pass_to_pass`` alone) must then reproduce the same way. The history of every
imported bug is written as one git bundle per project under ``OUT/_repos/`` with the project's license.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path, PurePosixPath

from corpus.categories import REAL_BUG
from corpus.importers.bugsinpy import classify, metadata
from corpus.importers.bugsinpy.requirements import constraints_from
from corpus.repository import source
from corpus.repository.environment import EnvironmentBuildError, build_environment, normalize, text_bar
from corpus.repository.interpreters import InterpreterNotFound
from corpus.repository.resolve import ResolutionError, resolve_pins
from corpus.repository.spec import NODE_ID, EnvironmentSpec
from corpus.repository.task import REPOS_FOLDER
from corpus.repository.testrun import C_LOCALE, run_local
from corpus.repository.workspace import link_tree, write_generated

MAX_PASS_TO_PASS = 40
LICENSE_FILES = ("LICENSE", "LICENSE.txt", "LICENSE.md", "LICENSE.rst", "COPYING", "COPYING.txt", "LICENCE")
LICENSE_NAMES = (("MIT", r"Permission is hereby granted, free of charge"), ("Apache-2.0", r"Apache License"),
                 ("GPL-3.0", r"GNU GENERAL PUBLIC LICENSE\s+Version 3"), ("GPL-2.0", r"GNU GENERAL PUBLIC LICENSE\s+Version 2"),
                 ("MPL-2.0", r"Mozilla Public License"), ("BSD-3-Clause", r"Neither the name"),
                 ("BSD-2-Clause", r"Redistribution and use in source and binary forms"))


@dataclass
class BugResult:
    bug: str
    task: str | None = None
    imported: bool = False
    reason: str = ""
    notes: list[str] = field(default_factory=list)


@dataclass
class ImportReport:
    project: str
    results: list[BugResult] = field(default_factory=list)
    bundle: str | None = None

    @property
    def imported(self) -> list[BugResult]:
        return [r for r in self.results if r.imported]

    def to_dict(self) -> dict:
        return {"project": self.project, "bundle": self.bundle, "imported": len(self.imported),
                "results": [asdict(r) for r in self.results]}

    def text(self) -> str:
        lines = [f"{self.project}: {len(self.imported)} of {len(self.results)} bug(s) imported"]
        for r in self.results:
            lines.append(f"  bug {r.bug}: " + (f"imported as {r.task}" if r.imported else f"not imported: {r.reason}"))
        if self.bundle:
            lines.append(f"  history: {self.bundle}")
        return "\n".join(lines)


class ImportProblem(Exception):
    pass


def project_name(tree: Path, fallback: str) -> str:
    """The distribution name the project's setup declares (left out of the environment), or ``fallback``."""
    for name, pattern in (("setup.py", r"\bname\s*=\s*['\"]([A-Za-z0-9._-]+)['\"]"),
                          ("setup.cfg", r"(?m)^name\s*=\s*([A-Za-z0-9._-]+)"),
                          ("pyproject.toml", r"(?m)^name\s*=\s*['\"]([A-Za-z0-9._-]+)['\"]")):
        path = tree / name
        if path.is_file():
            match = re.search(pattern, path.read_text(errors="replace"))
            if match:
                return match.group(1)
    return fallback


def install_path(tree: Path) -> str:
    """``src`` for a src layout (its packages live there), else the repository root."""
    src = tree / "src"
    if src.is_dir() and any((p / "__init__.py").is_file() for p in src.iterdir() if p.is_dir()):
        return "src"
    return "."


def license_of(text: str) -> str:
    for name, pattern in LICENSE_NAMES:
        if re.search(pattern, text):
            return name
    return "see LICENSE"


def _task_name(project: str, bug: str) -> str:
    return f"{normalize(project)}-{bug}"


def _extra_pins(constraints: list[str], test_texts: list[str]) -> list[str]:
    """Recorded pins the tests use directly: imported by a test file, or a pytest plugin."""
    imported = set()
    for text in test_texts:
        imported |= {normalize(name) for name in classify.imported_modules(text)}
    out = []
    for pin in constraints:
        name = normalize(pin.split("==")[0])
        if name in imported or name.replace("-", "_") in imported or name.startswith("pytest"):
            out.append(pin.split("==")[0])
    return out


def local_modules(files: set[str] | list[str]) -> set[str]:
    """Every module name the repository holds, top-level or not: test modules import their siblings by bare
    name (``from tests_tqdm import ...``) with their folder on sys.path, so none of these is a distribution."""
    paths = [PurePosixPath(p) for p in files]
    return ({p.stem for p in paths if p.suffix == ".py"} | {part for p in paths for part in p.parts[:-1]})


def recorded_or_required(requirements: list[str], constraints: list[str], test_code: list[str],
                          notes: list[str]) -> list[str]:
    """The project's declared test requirements (test extras, requirement files, tox deps) that the bug's
    environment needs: pinned in BugsInPy's record (it ran with them), imported by the test code
    unconditionally, or pytest and its plugins. Others (a tox environment's optional libraries that the
    tests import under a guard, a nose plugin, a build tool) are left out, and said: BugsInPy's environment
    ran without them, and one can weigh hundreds of megabytes (a machine-learning framework)."""
    pinned = {normalize(pin.split("==")[0]) for pin in constraints}
    needed = {normalize(classify.DISTRIBUTIONS.get(module, module))
              for text in test_code for module in classify.required_imports(text)}
    kept, left = [], []
    for line in requirements:
        name = normalize(re.split(r"[\[<>=!~ ;]", line, maxsplit=1)[0])
        (kept if name in pinned or name in needed or name.startswith("pytest") else left).append(line)
    if left:
        notes.append(f"declared test requirements neither recorded by BugsInPy nor imported by the tests "
                     f"unconditionally, left out: {', '.join(left)}")
    return kept


class BugsInPyImporter:
    def __init__(self, project_dir: Path, history: Path, out: Path, *, check: bool = True,
                 progress: Callable[[str], None] | None = None):
        self.project_dir = Path(project_dir)
        self.info = metadata.read_info(self.project_dir / "project.info")
        self.project = self.project_dir.name
        self.url = self.info.get("github_url", "").rstrip("/") or f"(unknown upstream of {self.project})"
        self.git_dir = source.open_history(history)
        self.out = Path(out)
        self.check = check
        self.say = progress or (lambda _text: None)

    # -- one bug ----------------------------------------------------------------------------------
    def import_bug(self, folder: Path) -> BugResult:
        result = BugResult(bug=folder.name)
        try:
            self._import(folder, result)
        except ImportProblem as exc:
            result.reason = str(exc)
        except (InterpreterNotFound, ResolutionError, EnvironmentBuildError, source.SourceError) as exc:
            result.reason = str(exc)
        except (OSError, ValueError, shutil.Error, subprocess.SubprocessError) as exc:
            # One bug's unexpected failure is reported with it; the other bugs still import.
            result.reason = f"could not be imported ({type(exc).__name__}: {str(exc)[:300]})"
        return result

    def _import(self, folder: Path, result: BugResult) -> None:
        bug = metadata.read_bug(folder)
        if bug.problems:
            raise ImportProblem("; ".join(bug.problems))
        for label, commit in (("buggy", bug.buggy_commit), ("fixed", bug.fixed_commit)):
            if not source.has_commit(self.git_dir, commit):
                raise ImportProblem(f"the {label} commit {commit} is not in the given history; give a fuller clone")
        buggy = source.full_commit(self.git_dir, bug.buggy_commit)
        fixed = source.full_commit(self.git_dir, bug.fixed_commit)
        fixed_files = set(source.list_files(self.git_dir, fixed))
        changed = source.changed_files(self.git_dir, buggy, fixed)
        test_side = sorted({p for _s, p in changed if classify.is_test_path(p)} | set(bug.test_files))
        code_side = sorted(p for _s, p in changed if not classify.is_test_path(p) and p not in bug.test_files)
        if not any(p.endswith(".py") for p in code_side):
            raise ImportProblem("the fix changes no Python file outside the tests; nothing for a model to fix")
        ids, problems = metadata.node_ids(bug.run_test, lambda p: p in fixed_files)
        result.notes += problems
        ids = [i for i in ids if i.split("::")[0] in fixed_files] or []
        if not ids:
            raise ImportProblem("run_test.sh names no test that exists at the fixed commit"
                                + (f" ({'; '.join(problems)})" if problems else ""))
        tree = source.tree(self.git_dir, self.project, buggy)
        constraints, notes = constraints_from(bug.requirements, project_name(tree, self.project))
        result.notes += notes
        from corpus.repository.test_requirements import declared_extras, test_requirements
        # Every module of the project (tests included, test data not): a recorded pin any of them imports,
        # even under a guard (an optional server, a plugin), was part of the bug's environment.
        def read(path: str) -> str:
            return (source.read_file(self.git_dir, fixed, path) or b"").decode(errors="replace")

        test_code = list(classify.test_code_files(sorted(fixed_files), read).values())
        test_texts = test_code + [read(p) for p in sorted(fixed_files)
                                  if p.endswith(".py") and not classify.is_test_path(p)]
        declared = recorded_or_required(test_requirements(tree), constraints, test_code, result.notes)
        requirements = list(dict.fromkeys(declared + _extra_pins(constraints, test_texts)))
        optional = classify.missing_distributions(
            test_code,
            local=local_modules(fixed_files) | {normalize(project_name(tree, self.project)).replace("-", "_")},
            already={normalize(re.split(r"[<>=!~\[ ]", r)[0]) for r in requirements})
        pins: tuple[str, ...] = ()
        if self.check:  # without the check nothing runs: the pins stay unresolved (an import without it fills them)
            self.say(f"bug {bug.number}: resolving the environment for Python {bug.python}")
            resolution = resolve_pins(bug.python, tree, project=project_name(tree, self.project),
                                      extras=declared_extras(tree), requirements=requirements,
                                      constraints=constraints, optional=optional)
            result.notes += [f"constraint dropped: {d}" for d in resolution.dropped]
            pins = tuple(resolution.pins)
        else:
            result.notes.append("imported without the check: environment.requirements is not resolved yet")
        spec = EnvironmentSpec(python=bug.python, requirements=pins, install_path=install_path(tree))
        meta = {
            "name": _task_name(self.project, bug.number), "category": REAL_BUG, "preference": "recommended",
            "description": (f"A bug in {self.project}: the tests {', '.join(ids)} fail. Find the cause in the package's "
                            "code and fix it; the tests are correct."),
            "timeout_s": 120, "tags": ["real-bug", "bugsinpy", normalize(self.project)],
            "repo": {"name": normalize(self.project), "url": self.url, "license": "see the upstream repository", "buggy_commit": buggy,
                     "fixed_commit": fixed, "source": f"{normalize(self.project)}.bundle"},
            "environment": spec.to_dict(),
            "tests": {"fail_to_pass": ids, "pass_to_pass": [], "files": test_side},
            "origin": {"importer": "bugsinpy", "project": self.project, "bug": bug.number,
                       "python_version": bug.python, "test_file": bug.test_files, "run_test": bug.run_test.strip(),
                       "fix_files": code_side, "notes": result.notes,
                       "test_requirements": requirements, "constraints": constraints},
        }
        if self.check:
            self._check(meta, spec, tree, fixed, test_side, result)
        name = meta["name"]
        task_dir = self.out / name
        shutil.rmtree(task_dir, ignore_errors=True)
        task_dir.mkdir(parents=True)
        (task_dir / "meta.json").write_text(json.dumps(meta, indent=2) + "\n")
        (task_dir / "fix.patch").write_text(source.diff(self.git_dir, buggy, fixed, code_side))
        result.task, result.imported = name, True

    def _workspace(self, tree: Path, fixed: str, test_side: list[str], into: Path) -> Path:
        link_tree(tree, into)
        write_generated(tree, into)
        for name in test_side:
            data = source.read_file(self.git_dir, fixed, name)
            target = into / name
            if target.exists():
                target.unlink()
            if data is not None:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
        return into

    def _check(self, meta: dict, spec: EnvironmentSpec, buggy_tree: Path, fixed: str, test_side: list[str],
               result: BugResult) -> None:
        """Run the failing tests on both versions; keep the bug only when they reproduce (see the module)."""
        self.say(f"bug {result.bug}: building the environment ({len(spec.requirements)} pins)")
        env = build_environment(spec, progress=text_bar)
        ids = meta["tests"]["fail_to_pass"]
        files = sorted({i.split("::")[0] for i in ids})
        fixed_tree = source.tree(self.git_dir, self.project, fixed)
        with tempfile.TemporaryDirectory(prefix="stepwise-import-") as work:
            buggy_ws = self._workspace(buggy_tree, fixed, test_side, Path(work) / "buggy")
            fixed_ws = Path(work) / "fixed"
            link_tree(fixed_tree, fixed_ws)
            write_generated(fixed_tree, fixed_ws)
            tried = []
            for extra in ({}, C_LOCALE):
                bad = run_local(buggy_ws, spec, env.python, files, extra_env=extra)
                good = run_local(fixed_ws, spec, env.python, files, extra_env=extra)
                fails = [i for i in ids if bad.failed(i)]
                passes = [i for i in ids if good.passed(i)]
                if fails == ids and passes == ids:
                    meta["environment"]["env"] = dict(extra)
                    both = sorted(k for k, v in good.outcomes.items() if v == "PASSED"
                                  and bad.outcomes.get(k) == "PASSED" and not any(k == i or k.startswith(i + "::") or k.startswith(i + "[") for i in ids))
                    # A parametrized id with whitespace (``[cafe \xf4-result3]``) is no node id a task may
                    # name (corpus.repository.spec): such a test is left out of pass_to_pass, and said.
                    named = [k for k in both if NODE_ID.match(k)]
                    if len(named) < len(both):
                        result.notes.append(f"{len(both) - len(named)} passing test id(s) with whitespace left out "
                                            "of pass_to_pass")
                    meta["tests"]["pass_to_pass"] = named[:MAX_PASS_TO_PASS]
                    # The task runs its own selection, not the whole files: a test that passes only after
                    # another one set some state (black 1: click's locale check silenced by a test left out
                    # of pass_to_pass) must reproduce there too.
                    selection = [*ids, *meta["tests"]["pass_to_pass"]]
                    bad = run_local(buggy_ws, spec, env.python, selection, extra_env=extra)
                    good = run_local(fixed_ws, spec, env.python, selection, extra_env=extra)
                    passing = meta["tests"]["pass_to_pass"]
                    if not (all(bad.failed(i) for i in ids) and all(bad.passed(k) for k in passing)
                            and all(good.passed(k) for k in selection)):
                        tried.append(f"{'C locale' if extra else 'default locale'}: reproduces in the whole test "
                                     f"files but not when the task's own tests run alone (fixed: {good.tail(3)})")
                        continue
                    if extra:
                        result.notes.append("reproduces only under the C locale (recorded in environment.env)")
                    return
                tried.append(f"{'C locale' if extra else 'default locale'}: buggy {'fails' if fails == ids else 'passes ' + ', '.join(sorted(set(ids) - set(fails)))}"
                             f", fixed {'passes' if passes == ids else 'fails (' + good.tail(3) + ')'}")
        raise ImportProblem("does not reproduce: " + "; ".join(tried))

    # -- the whole project ------------------------------------------------------------------------
    def run(self, numbers: list[str] | None = None) -> ImportReport:
        report = ImportReport(project=self.project)
        folders = metadata.bug_folders(self.project_dir, numbers)
        if numbers:
            missing = set(numbers) - {f.name for f in folders}
            report.results += [BugResult(bug=n, reason=f"no folder bugs/{n} in {self.project_dir}") for n in sorted(missing)]
        self.out.mkdir(parents=True, exist_ok=True)
        for folder in folders:
            self.say(f"bug {folder.name}: importing")
            result = self.import_bug(folder)
            report.results.append(result)
            self.say(f"bug {folder.name}: " + (f"imported as {result.task}" if result.imported
                                                else f"not imported: {result.reason}"))
        if report.imported:
            report.bundle = str(self.write_bundle())
        return report

    def _project_tasks(self) -> list[dict]:
        metas = []
        for meta_path in sorted(self.out.glob("*/meta.json")):
            try:
                meta = json.loads(meta_path.read_text())
            except ValueError:
                continue
            if meta.get("repo", {}).get("name") == normalize(self.project):
                metas.append(meta)
        return metas

    def write_bundle(self) -> Path:
        """One bundle holding every commit the project's tasks in OUT need (their ancestry), and the license."""
        metas = self._project_tasks()
        repos = self.out / REPOS_FOLDER
        repos.mkdir(parents=True, exist_ok=True)
        bundle = repos / f"{normalize(self.project)}.bundle"
        with tempfile.TemporaryDirectory(prefix="stepwise-bundle-") as work:
            scratch = Path(work) / "g.git"
            subprocess.run(["git", "init", "--quiet", "--bare", str(scratch)], check=True, capture_output=True)
            commits = sorted({m["repo"][k] for m in metas for k in ("buggy_commit", "fixed_commit")})
            # The commits are fetched by id, which a history advertises only when asked to allow it.
            source.git(scratch, "fetch", "--quiet", "--no-tags",
                       "--upload-pack=git -c uploadpack.allowAnySHA1InWant=true upload-pack", str(self.git_dir),
                       *[f"{c}:refs/tags/stepwise-{c[:12]}" for c in commits])
            staging = repos / f".{bundle.name}.partial"
            source.git(scratch, "bundle", "create", "--quiet", str(staging), "--tags=stepwise-*")
            staging.replace(bundle)
        newest = metas[-1]["repo"]["fixed_commit"]
        for name in LICENSE_FILES:
            data = source.read_file(self.git_dir, newest, name)
            if data:
                (repos / f"{normalize(self.project)}.LICENSE").write_bytes(data)
                spdx = license_of(data.decode(errors="replace"))
                for meta_path in self.out.glob("*/meta.json"):
                    meta = json.loads(meta_path.read_text())
                    if meta.get("repo", {}).get("name") == normalize(self.project):
                        meta["repo"]["license"] = spdx
                        meta_path.write_text(json.dumps(meta, indent=2) + "\n")
                break
        return bundle
