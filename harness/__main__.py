"""``python -m harness`` — one entry, a subcommand per concern; each lives in its own module."""

from __future__ import annotations

import sys

from corpus.cli.dispatch import Command, dispatch

COMMANDS = {
    "shell": Command("harness.cli.shell", "drive a DebugSession by hand: one JSON tool call per line"),
    "run": Command("harness.cli.run", "run one episode of a task with a policy and write its trajectory"),
    "eval": Command("harness.cli.evaluate", "paired with/without-debugger evaluation over a split"),
    "check-endpoint": Command("harness.cli.check_endpoint", "check a model endpoint (URL, key, model, tools) "
                                                             "as an evaluation does before its first episode"),
    "experiment": Command("harness.cli.experiment", "the paired eval of every model in an experiment file, "
                                                     "then their comparison and plots (resumable)"),
    "compare": Command("harness.cli.compare", "put several evaluation reports side by side"),
    "score": Command("harness.cli.score", "score recorded trajectories (pdb_policy, edit relevance) as JSON"),
    "export-inspect": Command("harness.cli.export_inspect", "write trajectories as an Inspect AI log (inspect view, "
                                                             "or another Stepwise to score and import)"),
    "serve-env": Command("harness.cli.serve_env", "serve episodes as an OpenEnv environment (WebSocket) for "
                                                   "RL trainers and evaluators"),
}


def main(argv: list[str] | None = None) -> int:
    return dispatch("python -m harness", COMMANDS, argv)


if __name__ == "__main__":
    sys.exit(main())
