"""Paths confined to data roots: the one rule every path from a web form, job or policy spec follows.

``confine(value, roots)`` resolves ``value`` (a relative path is taken under the first root; links
are resolved with realpath) and returns it when it lies under one of ``roots`` and under none of
``excluded`` (sandbox workspaces, even inside a root) and has no component named like a sandbox
workspace. Otherwise it raises PathNotAllowed, whose message names the allowed roots and nothing else:
it never says what lies at the refused path, so a refusal cannot be used to list folders outside them.
Pure (no Django): the web app passes its configured roots in.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

# Folder-name prefixes of sandbox workspaces and staging (harness.sandbox.pool and the backends):
# a path through one is refused wherever it lies.
WORKSPACE_PREFIXES = ("stepwise-pool-", "stepwise-docker-", "stepwise-bwrap-", "stepwise-episode-", "stepwise-verify-",
                      "stepwise-validate-", "stepwise-etc-", ".stepwise-quota-")


class PathNotAllowed(ValueError):
    """A path outside the data roots (or inside a sandbox workspace); the message says where to put it."""


def _real(path: str | Path) -> Path:
    return Path(os.path.realpath(path))


def confine(value: str | Path, roots: Iterable[str | Path], *, excluded: Iterable[str | Path] = (),
            what: str = "path") -> Path:
    """``value`` resolved under the data ``roots`` (see the module docstring), or PathNotAllowed."""
    real_roots = [_real(r) for r in roots]
    if not real_roots:
        raise PathNotAllowed(f"no data root is configured, so no {what} can be given; set STEPWISE_DATA_ROOTS")
    allowed = ", ".join(str(r) for r in real_roots)
    text = str(value).strip()
    if not text or "\x00" in text:
        raise PathNotAllowed(f"give the {what} as a path under one of the data roots: {allowed}")
    candidate = Path(text).expanduser() if text.startswith("~") else Path(text)
    if not candidate.is_absolute():
        candidate = real_roots[0] / candidate
    refusal = (f"the {what} {text!r} is not under a data root; give a path under one of: {allowed} "
               f"(a relative path is taken under {real_roots[0]})")
    try:
        real = _real(candidate)
    except OSError:  # a link this process may not read (/proc/1/root): refused like any path outside
        raise PathNotAllowed(refusal) from None
    if not any(real == root or real.is_relative_to(root) for root in real_roots):
        raise PathNotAllowed(refusal)
    for other in excluded:
        other_real = _real(other)
        if real == other_real or real.is_relative_to(other_real):
            raise PathNotAllowed(f"the {what} {text!r} is inside a sandbox workspace, which is never a data root; "
                                 f"give a path under one of: {allowed}")
    if any(part.startswith(WORKSPACE_PREFIXES) for part in real.parts):
        raise PathNotAllowed(f"the {what} {text!r} is inside a sandbox workspace, which is never a data root; "
                             f"give a path under one of: {allowed}")
    return real
