"""The web app's data roots applied to a path (corpus.paths.confine with the configured roots).

Forms call ``form_path`` (a ValidationError), jobs call ``job_path`` again when they run (a
JobFailure-ready PathNotAllowed): a path from the web is checked before anything is queued and again
on the worker. The owner's command line (``manage.py import_corpus``) is not confined.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from django.conf import settings
from django.core.exceptions import ValidationError

from corpus.paths import PathNotAllowed, confine

__all__ = ["PathNotAllowed", "confine_spec", "data_path", "data_roots", "data_dir", "form_path", "form_spec", "shown_path"]


def data_roots() -> list[Path]:
    return [Path(p) for p in settings.STEPWISE_DATA_ROOTS]


def data_dir() -> Path:
    """Where jobs write when given no folder: ``var/data``, the one part of the app's folder that holds data."""
    return Path(settings.VAR_DIR) / "data"


def _private(real: Path) -> bool:
    """Inside the app's own folder (var/: its secret key, admin password, database, Celery's queue)
    and not in its data folder."""
    var, data = Path(os.path.realpath(settings.VAR_DIR)), Path(os.path.realpath(data_dir()))
    inside = real == var or real.is_relative_to(var)
    return inside and not (real == data or real.is_relative_to(data))


def data_path(value: str | Path, what: str = "path") -> Path:
    """``value`` resolved under the data roots; PathNotAllowed names the roots otherwise. The app's own
    var/ (but var/data) is never a data root, whatever the roots say."""
    roots = data_roots()
    real = confine(value, roots, excluded=settings.STEPWISE_EXCLUDED_ROOTS, what=what)
    if _private(real):
        allowed = ", ".join(os.path.realpath(r) for r in roots)
        raise PathNotAllowed(f"the {what} {str(value).strip()!r} is not under a data root; give a path under one "
                             f"of: {allowed}")
    return real


def form_path(value: str | None, what: str = "path", *, must_be: str = "") -> str:
    """A form field's path: "" stays "" (the default), anything else becomes its confined absolute path.
    ``must_be`` "file" or "folder" also refuses a path that is not one yet (checked before anything is
    queued, so a missing input is a form error rather than a failed job)."""
    value = (value or "").strip()
    if not value:
        return ""
    try:
        path = data_path(value, what)
    except PathNotAllowed as exc:
        raise ValidationError(str(exc)) from None
    if must_be == "file" and not _is(path, Path.is_file):
        raise ValidationError(f"{what} {path} is not a file")
    if must_be == "folder" and not _is(path, Path.is_dir):
        raise ValidationError(f"{what} {path} is not a folder")
    return str(path)


def shown_path(value: str | Path) -> str:
    """A folder as a page shows it: relative to the data root that holds it (what a form takes back),
    never the host's absolute path; one outside every root is not named."""
    path = Path(os.path.realpath(value))
    for root in data_roots():
        real_root = Path(os.path.realpath(root))
        if path == real_root or path.is_relative_to(real_root):
            return str(path.relative_to(real_root)) or "."
    return "(a folder on the workers)"


def _is(path: Path, test) -> bool:
    try:
        return test(path)
    except OSError:  # a folder this process may not search: as good as missing
        return False


# Policy kinds whose target is a file on the worker: confined like every other path from the web.
FILE_POLICY_KINDS = ("script", "replay")


HUB_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9][A-Za-z0-9_.-]*$")  # ORG/NAME on a model hub


def confine_model(target: str) -> str:
    """An ``hf:`` target from the web: a model folder under a data root (its confined path), or a hub
    name ``ORG/NAME`` where STEPWISE_ALLOW_HUB_MODELS is on. Every refusal is the same message, so it
    says nothing of what lies at the path (no existence oracle)."""
    target = (target or "").strip()
    try:
        path = data_path(target, "hf model folder")
    except PathNotAllowed:
        path = None
    if path is not None and _is(path, Path.is_dir):
        return str(path)
    hub = settings.STEPWISE_ALLOW_HUB_MODELS
    if hub and HUB_NAME.match(target) and ".." not in target:
        return target
    roots = ", ".join(os.path.realpath(r) for r in data_roots())
    raise PathNotAllowed(f"hf:{target}: give a model folder under one of the data roots ({roots})"
                         + (", or a model hub name ORG/NAME" if hub else
                            "; model hub names are off on this site (an admin turns on STEPWISE_ALLOW_HUB_MODELS)"))


def confine_spec(spec: str) -> str:
    """A policy spec from the web with its script:/replay: file or hf: model confined (PathNotAllowed
    otherwise); other kinds are returned as given."""
    kind, sep, rest = (spec or "").strip().partition(":")
    target, q, query = rest.partition("?")
    if sep and kind == "hf":
        return f"hf:{confine_model(target)}{q}{query}"
    if not sep or kind not in FILE_POLICY_KINDS:
        return spec
    return f"{kind}:{data_path(target, f'{kind} file')}{q}{query}"


def form_spec(spec: str) -> str:
    """A policy spec from a form: its script:/replay: file confined and required to exist."""
    try:
        spec = confine_spec(spec)
    except PathNotAllowed as exc:
        raise ValidationError(str(exc)) from None
    kind, _, rest = spec.strip().partition(":")
    if kind in FILE_POLICY_KINDS and not Path(rest.partition("?")[0]).is_file():
        raise ValidationError(f"{kind} file {rest.partition('?')[0]} is not a file")
    return spec
