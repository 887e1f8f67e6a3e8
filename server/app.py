"""The Stepwise OpenEnv server where OpenEnv's tools look for it (``openenv.yaml``: ``server.app:app``).

``python server/app.py [serve-env options]`` and the ``server`` console script are
``python -m harness serve-env``; ``uvicorn server.app:app`` serves its defaults (every task under
corpus/tasks, the token from ``$STEPWISE_ENV_TOKEN``). openenv-core is a core dependency (pyproject.toml).
"""

from __future__ import annotations

import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a file: the repository root is where harness is imported from
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main(argv: list[str] | None = None) -> int:
    from harness.cli.serve_env import main as serve_env

    return serve_env(argv)


def __getattr__(name: str):
    """``app``: serve-env's application with its defaults, made on first use (it reads the corpus)."""
    if name != "app":
        raise AttributeError(name)
    import os

    from harness.cli.serve_env import build, build_parser
    from harness.interop.openenv_guard import TOKEN_ENV

    if not os.environ.get(TOKEN_ENV):  # a token made here could not be told to any client
        raise RuntimeError(f"set ${TOKEN_ENV} to the token clients will send, then serve server.app:app")
    _, application = build(build_parser().parse_args([]))
    globals()["app"] = application
    return application


if __name__ == "__main__":
    raise SystemExit(main())
