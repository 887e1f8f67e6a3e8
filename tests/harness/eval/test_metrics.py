"""The evaluation metrics on hand-made trajectories whose answers are worked out by hand."""

from __future__ import annotations

import math

import pytest

from harness.eval.metrics import (
    EDIT_RELEVANCE_PENDING,
    EpisodeOutcome,
    debugger_lift,
    mcnemar,
    outcome_from_trajectory,
    paired,
    pass_at_1,
    pass_at_1_by_run,
    pass_at_k,
    pass_at_k_unbiased,
    start_rate,
    summarize,
    turns_to_fix,
)


def trajectory(task, arm, run, verified, tools=(), *, turns=None, quality=None, error_tools=()):
    """A minimal trajectory document: the listed tools as steps, padded with bash to ``turns``."""
    names = list(tools) + ["bash"] * max(0, (turns or 0) - len(tools))
    steps = [{"turn": i + 1, "tool": name, "arguments": {}, "observation": "", "position": None,
              "duration_ms": 1.0, "error": name in error_tools} for i, name in enumerate(names)]
    return {"schema": "stepwise.trajectory/1", "episode_id": f"{task}-{arm}-{run}", "task": task, "arm": arm,
            "run": run, "preference": "recommended", "policy": {"kind": "script"}, "max_turns": 50,
            "started_at": "2026-01-01T00:00:00Z", "messages": [], "steps": steps, "quality": quality,
            "result": {"verified": verified, "exit_reason": "done" if verified else "max_turns"}}


# base and dbg outcomes over 4 tasks x 2 runs, as (verified, turns) per run.
TABLE = {
    "t1": {"base": [(True, 4), (True, 6)], "dbg": [(True, 8), (True, 10)]},
    "t2": {"base": [(True, 5), (False, 50)], "dbg": [(False, 50), (False, 50)]},
    "t3": {"base": [(False, 50), (False, 50)], "dbg": [(True, 7), (False, 50)]},
    "t4": {"base": [(True, 10), (True, 12)], "dbg": [(True, 20), (False, 50)]},
}


@pytest.fixture
def outcomes():
    return [outcome_from_trajectory(trajectory(task, arm, run + 1, verified, turns=turns))
            for task, arms in TABLE.items() for arm, runs in arms.items()
            for run, (verified, turns) in enumerate(runs)]


def test_pass_at_1_per_run_and_mean(outcomes):
    assert pass_at_1_by_run(outcomes, "base") == {1: 0.75, 2: 0.5}
    assert pass_at_1_by_run(outcomes, "dbg") == {1: 0.75, 2: 0.25}
    assert pass_at_1(outcomes, "base") == 0.625 and pass_at_1(outcomes, "dbg") == 0.5


def test_pass_at_k_uses_the_unbiased_estimator(outcomes):
    assert pass_at_k_unbiased(3, 1, 2) == pytest.approx(2 / 3)
    assert pass_at_k_unbiased(5, 0, 3) == 0.0 and pass_at_k_unbiased(5, 3, 3) == 1.0
    assert pass_at_k(outcomes, "base", 2) == 0.75 and pass_at_k(outcomes, "dbg", 2) == 0.75
    assert pass_at_k(outcomes, "base", 1) == pass_at_1(outcomes, "base")
    assert pass_at_k(outcomes, "base", 3) is None  # only two attempts per task


def test_lift_is_paired_with_a_bootstrap_interval_and_mcnemar(outcomes):
    assert len(paired(outcomes)) == 8
    lift = debugger_lift(outcomes)
    assert lift["delta"] == pytest.approx(-0.125)
    assert lift["ci_low"] <= lift["delta"] <= lift["ci_high"]
    assert -1 <= lift["ci_low"] and lift["ci_high"] <= 1
    # discordant: (t2, run 1) and (t4, run 2) base only, (t3, run 1) dbg only -> exact, p = 2 * 4/8
    assert lift["mcnemar"] == {"base_only": 2, "dbg_only": 1, "p_value": 1.0, "method": "exact binomial"}
    assert debugger_lift(outcomes) == lift  # seeded: reports are reproducible


def test_a_uniform_lift_has_a_degenerate_interval():
    rows = [EpisodeOutcome(f"t{i}", arm, 1, arm == "dbg", 5) for i in range(6) for arm in ("base", "dbg")]
    lift = debugger_lift(rows)
    assert (lift["delta"], lift["ci_low"], lift["ci_high"]) == (1.0, 1.0, 1.0)
    assert lift["mcnemar"]["p_value"] == pytest.approx(2 / 64)


def test_mcnemar_switches_to_chi_square_with_many_discordant_pairs():
    pairs = [("t", i, True, False) for i in range(5)] + [("t", 100 + i, False, True) for i in range(25)]
    result = mcnemar(pairs)
    assert result["method"] == "chi-square, continuity corrected"
    assert result["statistic"] == pytest.approx(361 / 30)
    assert result["p_value"] == pytest.approx(5.2258e-4, rel=1e-3)
    assert mcnemar([])["p_value"] == 1.0


def test_turns_to_fix_is_the_median_over_tasks_solved_in_both_arms(outcomes):
    # D_both = {t1, t4}; base: t1 (4+6)/2=5, t4 11 -> 8; dbg: t1 9, t4 20 (only its verified run) -> 14.5
    assert turns_to_fix(outcomes) == {"tasks": ["t1", "t4"], "base": 8.0, "dbg": 14.5}


def test_start_rate_counts_successful_debugger_starts_in_the_dbg_arm():
    docs = [trajectory("t1", "dbg", 1, True, ["start_debugger", "add_breakpoint", "continue_execution",
                                             "examine_locals", "print_variable", "edit_file"]),
            trajectory("t2", "dbg", 1, False, ["start_debugger"], error_tools={"start_debugger"}),
            trajectory("t3", "dbg", 1, False, ["bash", "edit_file"]),
            trajectory("t4", "dbg", 1, True, ["start_debugger", "run_expression"]),
            trajectory("t1", "base", 1, True, ["bash"])]
    rows = [outcome_from_trajectory(d) for d in docs]
    assert start_rate(rows) == {"rate": 0.5, "started": 2, "trajectories": 4, "started_per_run": 2.0, "tasks": 4}
    assert [(r.debugger_calls, r.inspection_calls) for r in rows[:4]] == [(5, 2), (1, 0), (0, 0), (2, 1)]
    summary = summarize(rows)
    assert summary["arms"]["dbg"]["calls_per_task"] == {"debugger": 2.0, "inspection": 0.75}
    assert summary["edit_relevance"] == {"rate": None, "scored": 0, "note": EDIT_RELEVANCE_PENDING}


def test_edit_relevance_reads_the_quality_record():
    docs = [trajectory("t1", "dbg", 1, True, ["start_debugger"], quality={"edit_relevant": True}),
            trajectory("t2", "dbg", 1, True, ["start_debugger"], quality={"edit_relevance": {
                    "version": "edit_relevance_v1", "debugger_started": True, "edit_relevant": False, "edits": []}}),
            trajectory("t3", "dbg", 1, True, ["bash"], quality={"edit_relevant": True})]  # never opened it
    summary = summarize([outcome_from_trajectory(d) for d in docs])
    assert summary["edit_relevance"] == {"rate": 0.5, "scored": 2, "note": None}


def test_dbg_attempts_split_by_opening_the_debugger():
    docs = [trajectory("t1", "dbg", 1, False, ["start_debugger"]), trajectory("t1", "base", 1, True),
            trajectory("t2", "dbg", 1, True, ["bash"]), trajectory("t2", "base", 1, True),
            trajectory("t3", "dbg", 1, False, ["bash"]), trajectory("t3", "base", 1, False)]
    split = summarize([outcome_from_trajectory(d) for d in docs])["debugger_opened_split"]
    assert split["opened"] == {"attempts": 1, "dbg_pass_at_1": 0.0, "matched_base_pass_at_1": 1.0}
    assert split["not_opened"] == {"attempts": 2, "dbg_pass_at_1": 0.5, "matched_base_pass_at_1": 0.5}
    assert not math.isnan(split["not_opened"]["dbg_pass_at_1"])


def infra_error(task, arm, run, reason="cannot reach the model endpoint"):
    """An episode the endpoint failed: two turns played, then no answer."""
    doc = trajectory(task, arm, run, False, ["start_debugger", "bash"] if arm == "dbg" else ["bash"])
    doc["result"] = {"verified": False, "exit_reason": "infra_error", "reason": reason}
    return outcome_from_trajectory(doc)


def test_infra_error_episodes_change_nothing_in_the_metrics(outcomes):
    # The endpoint failed t3's run-2 attempts and t1's dbg run 1: those cells were never played.
    failed = {("t3", "base", 2), ("t3", "dbg", 2), ("t1", "dbg", 1)}
    played = [o for o in outcomes if (o.task, o.arm, o.run) not in failed]
    with_infra = played + [infra_error(*cell) for cell in sorted(failed)]
    clean, mixed = summarize(played, k=2), summarize(with_infra, k=2)
    for arm in ("base", "dbg"):
        for key in ("pass_at_1", "pass_at_1_by_run", "pass_at_k", "episodes", "tasks", "exit_reasons",
                    "calls_per_task", "edit_relevance", "policy", "usage"):
            assert mixed["arms"][arm][key] == clean["arms"][arm][key], (arm, key)
    for key in ("lift", "turns_to_fix", "start_rate", "edit_relevance", "debugger_opened_split"):
        assert mixed[key] == clean[key], key
    assert mixed["lift"]["mcnemar"] == clean["lift"]["mcnemar"]
    assert (mixed["arms"]["base"]["infra_errors"], mixed["arms"]["dbg"]["infra_errors"]) == (1, 2)
    assert (clean["arms"]["base"]["infra_errors"], clean["arms"]["dbg"]["infra_errors"]) == (0, 0)


def test_the_report_lists_infra_errors_apart_from_the_per_task_cells(outcomes):
    from harness.eval.report import build_report, render_markdown

    rows = [*outcomes, infra_error("t5", "base", 1, "HTTP 503 | busy")]
    report = build_report(rows, model="m", split="heldout", runs=2, max_turns=50, sandbox="bwrap")
    assert report["infra_errors"] == [{"task": "t5", "arm": "base", "run": 1, "reason": "HTTP 503 | busy"}]
    assert "t5" not in report["per_task"] and report["episodes"] == len(outcomes)
    assert "| t5 | base | 1 | HTTP 503 \\| busy |" in render_markdown(report)


def test_context_exhausted_is_a_counted_failure():
    doc = trajectory("t1", "base", 1, False, turns=12)
    doc["result"] = {"verified": False, "exit_reason": "context_exhausted", "reason": "no longer fits"}
    rows = [outcome_from_trajectory(doc), outcome_from_trajectory(trajectory("t2", "base", 1, True, turns=3))]
    base = summarize(rows)["arms"]["base"]
    assert base["pass_at_1"] == 0.5 and base["exit_reasons"] == {"context_exhausted": 1, "done": 1}
    assert base["infra_errors"] == 0


def priced(task, arm, run, verified, prompt, completion, seconds, prices=None):
    doc = trajectory(task, arm, run, verified, turns=3)
    doc["result"]["usage"] = {"prompt_tokens": prompt, "completion_tokens": completion,
                              "total_tokens": prompt + completion}
    doc["finished_at"] = f"2026-01-01T00:00:{seconds:02d}.000Z"
    if prices:
        doc["policy"]["params"] = {"prices": prices}
    return outcome_from_trajectory(doc)


def test_usage_and_cost_per_episode_and_per_solved_task():
    prices = {"input_per_million": 2.0, "output_per_million": 10.0}
    rows = [priced("t1", "dbg", 1, True, 10_000, 1_000, 20, prices),   # 0.02 + 0.01 = 0.03
            priced("t2", "dbg", 1, False, 30_000, 3_000, 40, prices),  # 0.06 + 0.03 = 0.09
            priced("t1", "base", 1, True, 5_000, 500, 10)]             # no prices: no cost
    arms = summarize(rows)["arms"]
    dbg, base = arms["dbg"]["usage"], arms["base"]["usage"]
    assert dbg["tokens_per_episode"] == 22_000 and dbg["tokens_per_solved_task"] == 44_000
    assert dbg["cost"] == pytest.approx(0.12) and dbg["cost_per_solved_task"] == pytest.approx(0.12)
    assert dbg["cost_per_episode"] == pytest.approx(0.06) and dbg["currency"] == "USD"
    assert dbg["wall_s_per_episode"] == 30.0 and dbg["wall_s_total"] == 60.0
    assert base["tokens_per_solved_task"] == 5_500 and base["cost"] is None and base["cost_per_solved_task"] is None
    # An infra-error episode's spend is not in the arm's numbers.
    mixed = summarize([*rows, infra_error("t3", "dbg", 1)])["arms"]["dbg"]["usage"]
    assert mixed == dbg


def test_a_sandbox_limit_is_a_counted_failure_listed_apart_with_the_harness_faults():
    from harness.eval.report import build_report, render_comparison, render_markdown

    rows = []
    for task, reason, why in (("t1", "limit", "memory limit reached: more than 256 MB"), ("t2", "crash", "lost"),
                              ("t3", "error", "the sandbox did not start"), ("t4", "done", None)):
        doc = trajectory(task, "base", 1, task == "t4", turns=4)
        doc["result"].update({"exit_reason": reason, "reason": why})
        rows.append(outcome_from_trajectory(doc))

    base = summarize(rows)["arms"]["base"]
    report = build_report(rows, model="m", runs=1, max_turns=50)
    markdown = render_markdown(report)

    assert base["pass_at_1"] == 0.25 and base["exit_reasons"] == {"limit": 1, "crash": 1, "error": 1, "done": 1}
    assert [(e["task"], e["exit_reason"]) for e in report["stopped"]] == [("t1", "limit"), ("t2", "crash"),
                                                                          ("t3", "error")]
    assert "## Stopped episodes (1 at a sandbox limit, 2 harness faults)" in markdown
    assert "| t1 | base | 1 | limit | memory limit reached: more than 256 MB |" in markdown
    comparison = render_comparison([report, {**report, "model": "older", "stopped": None}])
    assert "| stopped at a sandbox limit | 1 | 0 |" in comparison
    assert "| harness faults (error, crash) | 2 | 0 |" in comparison
