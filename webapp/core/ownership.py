"""Output folders are owned: the first job that writes a folder marks it with its user, and a job of
another user may then not write there or below it, so one researcher's export, rollouts or run cannot
replace another's. Admins manage every job and may write anywhere a root allows; jobs a command starts
(no user) are the machine owner's and are not checked.

The mark is a file beside the folder (``.NAME.stepwise-owner`` in its parent), not in it: an export
replaces its whole folder, and the libraries refuse a non-empty folder that is not theirs. A data root
itself is nobody's output folder. ``check_output`` refuses at launch (admission, before anything is
queued); ``claim_output`` checks again where the job runs and marks the folder. A refusal names the
folder the user gave and nothing about its owner."""

from __future__ import annotations

import json
import os
from pathlib import Path

from webapp.core import roles
from webapp.core.paths import PathNotAllowed, data_roots

MARK = ".{}.stepwise-owner"


def _mark(folder: Path) -> Path:
    return folder.parent / MARK.format(folder.name)


def _owner_at(folder: Path) -> int | None:
    try:
        return int(json.loads(_mark(folder).read_text(encoding="utf-8"))["user"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _real_roots() -> list[Path]:
    return [Path(os.path.realpath(r)) for r in data_roots()]


def owner_of(path: str | Path) -> int | None:
    """The user id marked on ``path`` or on the nearest folder above it, below its data root."""
    path, roots = Path(os.path.realpath(path)), _real_roots()
    for folder in (path, *path.parents):
        if folder in roots:
            return None
        owner = _owner_at(folder)
        if owner is not None:
            return owner
    return None


def _refusal(path, what: str, why: str) -> PathNotAllowed:
    return PathNotAllowed(f"the {what} {str(path)!r} {why}; give a folder of your own under a data root "
                          "(a new folder is yours once a job of yours writes it)")


def check_output(path: str | Path, *, user, what: str = "output folder") -> None:
    """PathNotAllowed when ``user`` may not write ``path``: a folder another user's job owns, one inside
    it, or a data root itself."""
    if user is None or roles.is_admin(user):
        return
    if Path(os.path.realpath(path)) in _real_roots():
        raise _refusal(path, what, "is a data root itself, which holds everyone's folders")
    owner = owner_of(path)
    if owner is not None and owner != user.pk:
        raise _refusal(path, what, "belongs to another user's job")


def claim_output(path: str | Path, *, user, what: str = "output folder") -> Path:
    """``path`` checked (``check_output``) and marked as ``user``'s (the folder itself is left to the job
    to make: a job that refuses its input writes nothing); a folder that already has an owner keeps it."""
    check_output(path, user=user, what=what)
    folder = Path(os.path.realpath(path))
    folder.parent.mkdir(parents=True, exist_ok=True)
    if user is not None and folder not in _real_roots() and _owner_at(folder) is None:
        try:  # O_EXCL: of two jobs claiming a new folder at once, one marks it and the other is checked again
            with _mark(folder).open("x", encoding="utf-8") as mark:
                mark.write(json.dumps({"user": user.pk, "username": user.get_username()}))
        except FileExistsError:
            check_output(path, user=user, what=what)
    return folder
