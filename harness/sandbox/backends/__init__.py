"""Sandbox backends behind one interface: bwrap (default), docker, local (development only).

``get_backend(name)`` builds one by name; with no name, ``$STEPWISE_SANDBOX`` or bwrap. ``local``
isolates nothing, so it is refused unless it is asked for by name (``get_backend("local")``) or
``allow_local=True`` is passed (a default taken from the environment is not consent).
"""

from __future__ import annotations

import os

from harness.sandbox.backends.base import Backend, SandboxError

# Every backend, once: what it is (the web forms' label) and whether it isolates the episode. CLIs,
# forms, config schemas and docs read these names from here.
BACKENDS = {
    "bwrap": "namespaces, no network",
    "docker": "the sandbox image",
    "local": "isolates nothing: development only",
}
BACKEND_NAMES = tuple(BACKENDS)
DEFAULT_BACKEND = "bwrap"
UNCONFINED_BACKEND = "local"  # the one that isolates nothing: only when asked for by name
ISOLATING = tuple(name for name in BACKEND_NAMES if name != UNCONFINED_BACKEND)  # what a network client or the web app may use


def get_backend(name: str | None = None, *, allow_local: bool = False, **options) -> Backend:
    """The backend called ``name`` (default: bwrap). Options go to the backend's constructor."""
    explicit = bool(name)
    name = (name or os.environ.get("STEPWISE_SANDBOX") or DEFAULT_BACKEND).strip().lower()
    if name == "bwrap":
        from harness.sandbox.backends.bwrap import BwrapBackend

        return BwrapBackend(**options)
    if name == "docker":
        from harness.sandbox.backends.docker import DockerBackend

        return DockerBackend(**options)
    if name == UNCONFINED_BACKEND:
        if not (explicit or allow_local):
            raise SandboxError("the local backend isolates nothing and is for development only; ask for it "
                               "by name (get_backend('local'), --sandbox local) or pass allow_local=True")
        from harness.sandbox.backends.local import LocalBackend

        return LocalBackend(**options)
    raise SandboxError(f"unknown sandbox backend {name!r}; choose one of {', '.join(BACKEND_NAMES)}")
