"""``python -m harness serve-env`` — Stepwise episodes over OpenEnv (openenv-core), for RL trainers and
evaluators that speak its WebSocket protocol:

    python -m harness serve-env --host 127.0.0.1 --port 8000 --task running_average --max-sessions 4

A client's ``reset(task=NAME, arm=base|dbg)`` starts an episode (default: the first --task), each
``step({"name": TOOL, "arguments": {...}})`` plays one tool call, and the last step's reward is 1.0 when
the fix is verified. Each session owns its episode; a session that ends or disconnects closes it (as
``error``) and its sandbox. openenv-core (and so uvicorn) is one of the project's own dependencies.

Every request needs the server's token (``--token`` or ``$STEPWISE_ENV_TOKEN``; without either a
fresh one is made and printed); requests from web pages (an ``Origin`` header) are refused unless
``--allow-origin`` names that page; the server listens on loopback unless ``--host`` says otherwise.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path

from corpus.format import TASKS_DIR, TaskFormatError, resolve_task
from harness.arms import ARMS
from harness.episode.run import split_of_task
from harness.interop.defaults import MAX_TURNS, trajectory_folder
from harness.sandbox.backends import DEFAULT_BACKEND, ISOLATING


class _DefaultsShown(argparse.ArgumentDefaultsHelpFormatter):
    """Shows each option's default, except where there is none to show."""

    def _get_help_string(self, action):
        if action.default is None or action.default is False or "%(default)" in (action.help or ""):
            return action.help
        return super()._get_help_string(action)


def build_parser() -> argparse.ArgumentParser:
    from harness.interop.openenv_guard import MIN_TOKEN_LENGTH, TOKEN_ENV

    p = argparse.ArgumentParser(prog="python -m harness serve-env", formatter_class=_DefaultsShown,
                                description="Serve Stepwise episodes as an OpenEnv environment (WebSocket /ws).")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (loopback: only this machine)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (0: any free port)")
    p.add_argument("--token", default=None,
                   help=f"the secret every request must carry (Authorization: Bearer TOKEN), at least "
                        f"{MIN_TOKEN_LENGTH} characters (default: ${TOKEN_ENV}, else a fresh one printed at start)")
    p.add_argument("--allow-origin", action="append", dest="allowed_origins", default=None, metavar="ORIGIN",
                   help="a web page origin (scheme://host:port) allowed to call the server (repeatable; "
                        "default: none, every request with an Origin header is refused)")
    p.add_argument("--task", action="append", dest="tasks", default=None,
                   help="a task name under --tasks-dir or a task folder a client may reset to (repeatable; "
                        "the first is the default; default: every task under --tasks-dir)")
    p.add_argument("--tasks-dir", default=str(TASKS_DIR), help="where task names are looked up")
    p.add_argument("--arm", choices=ARMS, default="dbg", help="the arm when a reset names none")
    # Never "local": every network client's tool calls would run on this host unconfined.
    p.add_argument("--sandbox", choices=ISOLATING, default=DEFAULT_BACKEND, help="sandbox backend")
    p.add_argument("--max-turns", type=int, default=MAX_TURNS, help="turn budget per episode")
    p.add_argument("--max-sessions", type=int, default=4, help="concurrent sessions (episodes) at most; "
                                                                "more are refused")
    p.add_argument("--out-dir", default=str(trajectory_folder()), help="where episode trajectories are written")
    p.add_argument("--reply-timeout", type=float, default=600.0,
                   help="seconds an episode waits for the client's next step before it is closed")
    p.add_argument("--policy-config", help="pdb_policy config for the quality record (default pdb_policy_v1)")
    p.add_argument("--no-score", action="store_true", help="episodes without a quality record")
    p.add_argument("--for-training", action="store_true",
                   help="serve a trainer: a heldout task (of any origin) given with --task is refused, and "
                        "without --task the heldout tasks are left out")
    return p


def build(args: argparse.Namespace):
    """(config, app) for parsed arguments; raises ValueError with what is wrong."""
    from harness.interop.openenv_env import ServerConfig, make_app
    from harness.interop.openenv_guard import MIN_TOKEN_LENGTH, TOKEN_ENV
    from harness.scoring import PolicyConfigError, load_policy_config

    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port must be 0..65535, not {args.port}")
    if args.max_sessions < 1:
        raise ValueError("--max-sessions must be at least 1")
    if args.max_turns < 1:
        raise ValueError("--max-turns must be at least 1")
    if args.reply_timeout <= 0:
        raise ValueError("--reply-timeout must be positive")
    token = args.token if args.token is not None else os.environ.get(TOKEN_ENV) or secrets.token_urlsafe(32)
    if len(token) < MIN_TOKEN_LENGTH:
        raise ValueError(f"--token (or ${TOKEN_ENV}) must be at least {MIN_TOKEN_LENGTH} characters")
    tasks_dir = Path(args.tasks_dir)
    tasks = list(args.tasks or [])
    if not tasks:
        if not tasks_dir.is_dir():
            raise ValueError(f"--tasks-dir {tasks_dir} is not a folder")
        tasks = sorted(p.name for p in tasks_dir.iterdir() if p.is_dir() and not p.name.startswith((".", "_")))
        if args.for_training:  # a trainer must never see an evaluation task
            kept = [name for name in tasks if split_of_task(name) != "heldout"]
            if len(kept) < len(tasks):
                print(f"serve-env: --for-training leaves out {len(tasks) - len(kept)} heldout task(s)", file=sys.stderr)
            tasks = kept
        if not tasks:
            raise ValueError(f"no tasks under {tasks_dir}" + (" outside the heldout split" if args.for_training
                                                                else "") + "; give --task")
    else:
        try:
            resolved = [resolve_task(task, tasks_dir) for task in tasks]
        except TaskFormatError as exc:
            raise ValueError(str(exc)) from None
        heldout = [t.name for t in resolved if split_of_task(t.name) == "heldout"]
        if args.for_training and heldout:
            raise ValueError(f"--for-training: task(s) {', '.join(heldout)} are heldout in the corpus splits; "
                             "heldout tasks are for evaluation only (serve train or validation tasks)")
    if args.policy_config and not args.no_score:
        try:
            load_policy_config(args.policy_config)
        except PolicyConfigError as exc:
            raise ValueError(str(exc)) from None
    config = ServerConfig(tasks=tasks, tasks_dir=tasks_dir, arm=args.arm, backend=args.sandbox,
                          max_turns=args.max_turns, out_dir=Path(args.out_dir), reply_timeout=args.reply_timeout,
                          policy_config=args.policy_config, score=not args.no_score, token=token,
                          allowed_origins=tuple(args.allowed_origins or ()))
    return config, make_app(config, args.max_sessions)


def main(argv: list[str] | None = None) -> int:
    """The command (also the ``server`` console script OpenEnv's tools run: ``argv`` None reads sys.argv)."""
    from harness.interop.openenv_guard import TOKEN_ENV

    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        import uvicorn
    except ImportError:
        print("error: serve-env needs uvicorn, which openenv-core brings: install the project (pip install -e .)",
              file=sys.stderr)
        return 2
    try:
        config, app = build(args)
    except ImportError as exc:
        print(f"error: serve-env needs openenv-core, a dependency of the project (pip install -e .): {exc}",
              file=sys.stderr)
        return 2
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"serving Stepwise over OpenEnv on ws://{args.host}:{args.port}/ws "
          f"(at most {args.max_sessions} sessions)", file=sys.stderr)
    if args.token is None and not os.environ.get(TOKEN_ENV):
        print(f"token (no --token or ${TOKEN_ENV} was given): {config.token}", file=sys.stderr)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0
