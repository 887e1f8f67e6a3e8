"""A small paired-eval report built by harness.eval (three tasks, both arms), for web app pages."""

from __future__ import annotations


def eval_report(model: str, solved: set[str]) -> dict:
    from harness.eval.metrics import EpisodeOutcome
    from harness.eval.report import build_report

    rows = [EpisodeOutcome(task=task, arm=arm, run=1, verified=task in solved, turns=5, debugger_started=arm == "dbg")
            for task in ("t1", "t2", "t3") for arm in ("base", "dbg")]
    return build_report(rows, model=model, runs=1, max_turns=10)
