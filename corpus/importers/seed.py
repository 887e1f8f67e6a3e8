"""The seed's single-folder bundle -> a task folder in the project's format.

A bundle holds ``x.py`` (buggy) next to ``x_correct.py`` (fixed) for each changed module, shared
support modules, test files (``test_*.py`` / ``*_test.py``) that pick the implementation with a
``pytest.use_correct`` shim, and a metadata file (``metadata.json`` or ``meta.json``; optionally a
``requirements.txt``). The converted task has buggy/x.py and correct/x.py (imports of ``x_correct``
renamed to ``x``), shared/, tests/ with the shim stripped, and meta.json; it is loaded back with the
project's loader before it is kept.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from corpus.categories import CATEGORIES
from corpus.format import PREFERENCES, TaskFormatError, load_task
from corpus.importers.shim import mentions_use_correct, strip_shim

METADATA_NAMES = ("metadata.json", "meta.json")
CORRECT_SUFFIX = "_correct"
PREFERENCE_ALIASES = {"recommend": "recommended", "required": "recommended", "useful": "recommended",
                      "neutral": "optional", "maybe": "optional", "not_needed": "avoid", "unneeded": "avoid"}


class SeedFormatError(ValueError):
    """A bundle that does not fit the seed format; the message names the bundle and what to change."""

    def __init__(self, bundle: Path, reason: str):
        self.bundle, self.reason = bundle, reason
        super().__init__(f"{bundle}: {reason}")


@dataclass
class ImportedTask:
    name: str
    path: Path
    notes: list[str] = field(default_factory=list)  # what the importer did that a person should check


def seed_bundles(src: str | Path) -> list[Path]:
    """``src`` itself when it is a bundle, else every sub-folder that holds a metadata file."""
    src = Path(src)
    if not src.is_dir():
        raise SeedFormatError(src, "not a folder; give a seed bundle folder (or a folder of bundles)")
    if any((src / m).is_file() for m in METADATA_NAMES):
        return [src]
    bundles = sorted(p for p in src.iterdir() if p.is_dir() and any((p / m).is_file() for m in METADATA_NAMES))
    if not bundles:
        raise SeedFormatError(src, f"no {' or '.join(METADATA_NAMES)} here or in any sub-folder; a seed bundle "
                                   "holds x.py, x_correct.py, test_*.py and a metadata file")
    return bundles


def task_name(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def _is_test(name: str) -> bool:
    return name.startswith("test_") or name.endswith("_test.py") or name == "conftest.py"


def _read_metadata(bundle: Path) -> dict:
    path = next(bundle / m for m in METADATA_NAMES if (bundle / m).is_file())
    try:
        meta = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SeedFormatError(bundle, f"{path.name} is not valid JSON ({exc})") from None
    if not isinstance(meta, dict):
        raise SeedFormatError(bundle, f"{path.name} must hold a JSON object")
    return meta


def _read_text(bundle: Path, path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise SeedFormatError(bundle, f"{path.name} is not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    except OSError as exc:
        raise SeedFormatError(bundle, f"{path.name} cannot be read ({exc.strerror or exc})") from None


_KINDS = {"string": str, "list": list, "number": (int, float)}


def _field(bundle: Path, raw: dict, keys: tuple[str, ...], kind: str, default):
    """The first of ``keys`` present in the metadata, checked to be a ``kind`` (a name in _KINDS);
    ``default`` when none is present."""
    for key in keys:
        if key in raw:
            value = raw[key]
            if not isinstance(value, _KINDS[kind]) or isinstance(value, bool):
                raise SeedFormatError(bundle, f"metadata '{key}' must be a {kind}, got {type(value).__name__} "
                                              f"{str(value)[:60]!r}")
            return value
    return default


def _convert_meta(bundle: Path, raw: dict, name: str, notes: list[str]) -> dict:
    preference = _field(bundle, raw, ("preference", "debugger_preference", "label"), "string", None)
    if preference is None:
        raise SeedFormatError(bundle, "the metadata has no 'preference' (or 'debugger_preference'); set it to "
                                      f"one of {', '.join(PREFERENCES)}")
    preference = PREFERENCE_ALIASES.get(preference.strip().lower(), preference.strip().lower())
    if preference not in PREFERENCES:
        raise SeedFormatError(bundle, f"preference {preference!r} is not one of {', '.join(PREFERENCES)}")
    dependencies = _field(bundle, raw, ("dependencies", "requirements"), "list", [])
    requirements = bundle / "requirements.txt"
    if requirements.is_file():
        dependencies = [*dependencies, *(line.strip() for line in _read_text(bundle, requirements).splitlines()
                                         if line.strip() and not line.lstrip().startswith("#"))]
    category = _field(bundle, raw, ("category", "bug_type"), "string", None)
    if category is None:
        raise SeedFormatError(bundle, "the metadata has no 'category' (or 'bug_type'); set it to one of "
                                      f"{', '.join(sorted(CATEGORIES))}")
    meta = {"name": name, "category": category,
            "preference": preference, "description": _field(bundle, raw, ("description", "summary"), "string", ""),
            "dependencies": list(dict.fromkeys(dependencies)),
            "timeout_s": _field(bundle, raw, ("timeout_s", "timeout"), "number", 30),
            "tags": _field(bundle, raw, ("tags",), "list", []), "evidence": _field(bundle, raw, ("evidence",), "list", [])}
    if not meta["description"]:
        notes.append("no 'description' in the metadata: left empty")
    if not meta["evidence"]:
        notes.append("no 'evidence' in the metadata: add at least one item, or validation rejects the task")
    return meta


def _rename_correct_imports(source: str, modules: list[str]) -> str:
    for module in modules:
        source = re.sub(rf"\b{re.escape(module)}{CORRECT_SUFFIX}\b", module, source)
    return source


def plan_bundle(bundle: Path) -> tuple[dict[str, dict[str, str]], list[str]]:
    """folder ("buggy", "correct", "shared", "tests") -> file name -> text, plus notes."""
    files = {p.name: _read_text(bundle, p) for p in sorted(bundle.glob("*.py")) if p.is_file()}
    pairs = sorted(n[: -len(CORRECT_SUFFIX) - 3] for n in files if n.endswith(f"{CORRECT_SUFFIX}.py"))
    if not pairs:
        raise SeedFormatError(bundle, "no x_correct.py file; each changed module needs x.py (buggy) and "
                                      "x_correct.py (fixed) side by side")
    for module in pairs:
        if f"{module}.py" not in files:
            raise SeedFormatError(bundle, f"{module}{CORRECT_SUFFIX}.py has no buggy {module}.py next to it")
    notes: list[str] = []
    plan: dict[str, dict[str, str]] = {"buggy": {}, "correct": {}, "shared": {}, "tests": {}}
    for module in pairs:
        plan["buggy"][f"{module}.py"] = files.pop(f"{module}.py")
        plan["correct"][f"{module}.py"] = _rename_correct_imports(files.pop(f"{module}{CORRECT_SUFFIX}.py"), pairs)
    for name, text in files.items():
        if not _is_test(name):
            plan["shared"][name] = text
            continue
        try:
            stripped, count = strip_shim(text, name)
        except SyntaxError as exc:
            raise SeedFormatError(bundle, f"{name}:{exc.lineno}: does not parse ({exc.msg})") from None
        except ValueError as exc:
            raise SeedFormatError(bundle, str(exc)) from None
        if name == "conftest.py" and mentions_use_correct(stripped):
            notes.append("dropped conftest.py: it only set up the pytest.use_correct switch")
            continue
        if mentions_use_correct(stripped):
            raise SeedFormatError(bundle, f"{name} still refers to pytest.use_correct outside an "
                                          "'if pytest.use_correct: ... else: ...' import block; rewrite it by hand")
        leftover = [m for m in pairs if re.search(rf"\b{re.escape(m)}{CORRECT_SUFFIX}\b", stripped)]
        if leftover:
            raise SeedFormatError(bundle, f"{name} imports {leftover[0]}{CORRECT_SUFFIX} outside the shim; tests "
                                          "must import the plain module name")
        if count:
            notes.append(f"{name}: stripped {count} pytest.use_correct shim(s)")
        plan["tests"][name] = stripped
    if not plan["tests"]:
        raise SeedFormatError(bundle, "no test file (test_*.py or *_test.py)")
    return plan, notes


def import_seed_bundle(bundle: str | Path, dest_root: str | Path, *, name: str | None = None,
                       overwrite: bool = False) -> ImportedTask:
    """Convert one bundle into ``dest_root/<name>``; raises SeedFormatError with what to change."""
    bundle = Path(bundle)
    raw = _read_metadata(bundle)
    name = task_name(name or _field(bundle, raw, ("name",), "string", "") or bundle.name)
    if not name:
        raise SeedFormatError(bundle, "no usable task name; pass --name")
    plan, notes = plan_bundle(bundle)
    meta = _convert_meta(bundle, raw, name, notes)
    dest_root = Path(dest_root)
    target = dest_root / name
    if target.exists() and not overwrite:
        raise SeedFormatError(bundle, f"{target} already exists; choose another --name or pass --overwrite")
    if dest_root.exists() and not dest_root.is_dir():
        raise SeedFormatError(bundle, f"--dest {dest_root} is a file; give the folder the task folders go in")
    # Written and loaded in a staging folder first: a task already there is replaced only by one that loads.
    try:
        dest_root.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=f".{name}.importing-", dir=dest_root))
    except OSError as exc:
        raise SeedFormatError(bundle, f"--dest {dest_root} cannot be written ({exc.strerror or exc})") from None
    staging = scratch / name  # the loader wants the folder named like the task
    try:
        for kind, group in plan.items():
            for file_name, text in group.items():
                path = staging / kind / file_name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
        (staging / "meta.json").write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
        try:
            load_task(staging)
        except TaskFormatError as exc:
            raise SeedFormatError(bundle, f"converted task does not load: {exc.field}: {exc.reason}") from None
        old = dest_root / f".{name}.replaced-{os.getpid()}"
        if target.exists():
            os.replace(target, old)
        os.replace(staging, target)
        shutil.rmtree(old, ignore_errors=True)
    except OSError as exc:
        raise SeedFormatError(bundle, f"the task could not be written under {dest_root} ({exc})") from None
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return ImportedTask(name, target, notes)
