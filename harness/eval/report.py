"""The evaluation report: ``report.json`` (every number) and ``report.md`` (the same, for people).

One report covers one model (one policy spec) over one task set in both arms. ``render_comparison``
puts several reports side by side for ``python -m harness compare``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from harness.arms import ARMS
from harness.eval.metrics import EpisodeOutcome, summarize
from harness.trajectory import HARNESS_FAULTS, ExitReason, now_iso

REPORT_SCHEMA = "stepwise.eval-report/1"
PREFERENCES = ("recommended", "optional", "avoid")
STOPPED = frozenset({ExitReason.LIMIT, *HARNESS_FAULTS})  # listed apart, each with its reason
NOTES = {
    "pass_at_k": "unbiased estimator 1 - C(n-c,k)/C(n,k) per task, mean over tasks (k = runs: any of k)",
    "lift": "Δ = pass@1(dbg) - pass@1(base) on the same (task, run) pairs; 95% CI from a paired "
            "bootstrap over tasks (2000 resamples, seed 0); McNemar on discordant pairs",
    "turns_to_fix": "median over D_both (tasks verified in both arms) of the per-task mean turns of "
                    "verified runs",
    "start_rate": "share of dbg trajectories with a successful start_debugger",
    "calls_per_task": "debugger (all debugger tools) and inspection (print_variable, examine_locals, "
                      "examine_globals, run_expression) calls, mean per attempt (task × run)",
    "edit_relevance": "EditRelevant: share of trajectories that started the debugger in which an edit is linked to "
                      "a debugger observation (harness.scoring, edit_relevance_v1; links are proposals that a "
                      "human review confirms or overturns)",
    "policy": "pdb_policy verdicts (harness.scoring): score median [quartiles], share passed (no hard reason "
              "and score >= min_quality_score), and trajectories per hard reason",
    "by_preference": "the same metrics restricted to tasks with that debugger-preference label",
    "verification": "an attempt counts only if the independent verifier passed",
    "infra_errors": "episodes whose model endpoint failed (exit reason infra_error) are left out of every metric "
                    "and listed with their reasons; resuming the evaluation plays them again",
    "context_exhausted": "an episode whose conversation outgrew the model's context window counts as a failure",
    "stopped": "episodes the sandbox stopped, listed with their reasons: exit reason limit (the model's program hit a "
               "sandbox limit: memory, processes, CPU time, disk, wall clock) is the model's failure; error and "
               "crash are the harness's faults (counted as failures; a crash is played again on resume)",
    "usage": "tokens per episode (mean over episodes that reported usage); tokens and cost per solved task = "
             "everything the arm spent / its verified attempts; wall time from the episode's start to its result; "
             "cost from the prices in the trajectory's policy.params",
}


class ReportError(ValueError):
    """A report file that cannot be read; the message names the file."""


def build_report(outcomes: Sequence[EpisodeOutcome], *, model: str, policy: dict | None = None,
                 split: str | None = None, runs: int, max_turns: int, sandbox: str | None = None) -> dict:
    infra = [o for o in outcomes if not o.counted]
    by_preference = defaultdict(list)
    for o in outcomes:
        by_preference[o.preference or "unlabelled"].append(o)
    per_task: dict = defaultdict(lambda: {"preference": None, "base": {}, "dbg": {}})
    for o in sorted((o for o in outcomes if o.counted), key=lambda o: (o.task, o.arm, o.run)):
        row = per_task[o.task]
        row["preference"] = o.preference
        row[o.arm][str(o.run)] = {"verified": o.verified, "turns": o.turns, "exit_reason": o.exit_reason,
                                  "debugger_started": o.debugger_started}
    order = [p for p in (*PREFERENCES, "unlabelled") if p in by_preference]
    return {
        "schema": REPORT_SCHEMA, "model": model, "policy": policy or {}, "split": split, "runs": runs,
        "max_turns": max_turns, "sandbox": sandbox, "created_at": now_iso(),
        "tasks": sorted({o.task for o in outcomes}), "episodes": len(outcomes) - len(infra),
        "infra_errors": [{"task": o.task, "arm": o.arm, "run": o.run, "reason": o.reason}
                         for o in sorted(infra, key=lambda o: (o.task, o.arm, o.run))],
        "stopped": [{"task": o.task, "arm": o.arm, "run": o.run, "exit_reason": o.exit_reason, "reason": o.reason}
                    for o in sorted(outcomes, key=lambda o: (o.task, o.arm, o.run)) if o.exit_reason in STOPPED],
        "overall": summarize(outcomes, k=runs),
        "by_preference": {p: summarize(by_preference[p], k=runs) for p in order},
        "per_task": dict(per_task), "notes": NOTES,
    }


def load_report(path: str | Path) -> dict:
    """A report.json (or the folder holding one); raises ReportError naming the file."""
    path = Path(path)
    if path.is_dir():
        path = path / "report.json"
    try:
        report = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReportError(f"{path}: no such file; run 'python -m harness eval --out DIR' first") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ReportError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(report, dict) or report.get("schema") != REPORT_SCHEMA:
        raise ReportError(f"{path}: not a {REPORT_SCHEMA} report")
    return report


def pct(value) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def num(value, digits: int = 1) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


def pp(value) -> str:
    return "–" if value is None else f"{100 * value:+.1f} pp"


def _lift_text(lift: dict) -> str:
    if lift["delta"] is None:
        return "– (no paired attempts)"
    m = lift["mcnemar"]
    return (f"{pp(lift['delta'])} [{pp(lift['ci_low'])}, {pp(lift['ci_high'])}] "
            f"(McNemar p={m['p_value']:.3g}, {m['method']}; base-only {m['base_only']}, "
            f"dbg-only {m['dbg_only']})")


def _summary_rows(summary: dict) -> list[tuple[str, str, str]]:
    base, dbg = summary["arms"]["base"], summary["arms"]["dbg"]
    k = summary["k"]
    runs = sorted(set(base["pass_at_1_by_run"]) | set(dbg["pass_at_1_by_run"]), key=int)
    rows = [(f"pass@1 run {r}", pct(base["pass_at_1_by_run"].get(r)), pct(dbg["pass_at_1_by_run"].get(r)))
            for r in runs]
    t = summary["turns_to_fix"]
    rows += [
        ("pass@1 (mean over runs)", pct(base["pass_at_1"]), pct(dbg["pass_at_1"])),
        (f"pass@{k}", pct(base["pass_at_k"]), pct(dbg["pass_at_k"])),
        (f"median turns to fix (D_both, {len(t['tasks'])} tasks)", num(t["base"]), num(t["dbg"])),
        ("debugger calls per task", num(base["calls_per_task"]["debugger"]),
         num(dbg["calls_per_task"]["debugger"])),
        ("inspection calls per task", num(base["calls_per_task"]["inspection"]),
         num(dbg["calls_per_task"]["inspection"])),
        ("EditRelevant (of those that started the debugger)", _edit_relevance(base), _edit_relevance(dbg)),
        ("policy score median [p25, p75]", _score(base), _score(dbg)),
        ("policy passed", _passed(base), _passed(dbg)),
        ("hard reasons (trajectories)", _hard(base), _hard(dbg)),
        ("episodes", str(base["episodes"]), str(dbg["episodes"])),
        ("exit reasons", _reasons(base["exit_reasons"]), _reasons(dbg["exit_reasons"])),
        ("infra errors (not counted)", str(base.get("infra_errors", 0)), str(dbg.get("infra_errors", 0))),
        *_usage_rows(base.get("usage") or {}, dbg.get("usage") or {}),
    ]
    return rows


def tokens(value) -> str:
    if value is None:
        return "–"
    return f"{value / 1000:.1f}k" if value >= 10_000 else f"{value:.0f}"


def money(value, currency: str | None) -> str:
    if value is None:
        return "–"
    unit = "$" if currency in (None, "USD") else f"{currency} "
    return f"{unit}{value:.4f}" if value < 1 else f"{unit}{value:.2f}"


def seconds(value) -> str:
    return "–" if value is None else f"{value:.1f} s"


def _usage_rows(base: dict, dbg: dict) -> list[tuple[str, str, str]]:
    def both(fn):
        return fn(base), fn(dbg)
    return [
        ("tokens per episode", *both(lambda u: tokens(u.get("tokens_per_episode")))),
        ("tokens per solved task", *both(lambda u: tokens(u.get("tokens_per_solved_task")))),
        ("wall time per episode (mean)", *both(lambda u: seconds(u.get("wall_s_per_episode")))),
        ("cost per solved task", *both(lambda u: money(u.get("cost_per_solved_task"), u.get("currency")))),
        ("cost in all", *both(lambda u: money(u.get("cost"), u.get("currency")))),
    ]


def _edit_relevance(arm: dict) -> str:
    e = arm.get("edit_relevance") or {}
    return "–" if e.get("rate") is None else f"{pct(e['rate'])} of {e['scored']}"


def _score(arm: dict) -> str:
    score = (arm.get("policy") or {}).get("score")
    return "–" if not score else f"{score['median']:.2f} [{score['p25']:.2f}, {score['p75']:.2f}]"


def _passed(arm: dict) -> str:
    policy = arm.get("policy") or {}
    return "–" if policy.get("passed_rate") is None else f"{pct(policy['passed_rate'])} of {policy['scored']}"


def _hard(arm: dict) -> str:
    counts = (arm.get("policy") or {}).get("hard_reasons") or {}
    return ", ".join(f"{rule} {n}" for rule, n in counts.items()) or "–"


def _reasons(counts: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in counts.items()) or "–"


def _summary_markdown(summary: dict) -> list[str]:
    lines = ["| metric | base | dbg |", "| --- | --- | --- |"]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in _summary_rows(summary)]
    s, e = summary["start_rate"], summary["edit_relevance"]
    split = summary["debugger_opened_split"]
    lines += [
        "",
        f"- Debugger lift Δ: {_lift_text(summary['lift'])}",
        f"- Start rate: {pct(s['rate'])} ({s['started']}/{s['trajectories']} dbg trajectories; "
        f"{s['started_per_run']:.1f} per run over {s['tasks']} tasks)",
        f"- Edit relevance: {pct(e['rate']) if e['rate'] is not None else e['note']}",
        f"- dbg attempts that opened the debugger: {split['opened']['attempts']}, pass@1 "
        f"{pct(split['opened']['dbg_pass_at_1'])} (matched base {pct(split['opened']['matched_base_pass_at_1'])}); "
        f"never opened: {split['not_opened']['attempts']}, pass@1 {pct(split['not_opened']['dbg_pass_at_1'])} "
        f"(matched base {pct(split['not_opened']['matched_base_pass_at_1'])})",
    ]
    return lines


def render_markdown(report: dict, plots: Sequence[str] = ()) -> str:
    lines = [
        f"# Paired evaluation: {report['model']}",
        "",
        f"Split `{report['split'] or 'custom task list'}`, {len(report['tasks'])} tasks, {report['runs']} "
        f"run(s) per arm, budget {report['max_turns']} turns, sandbox `{report['sandbox']}`; "
        f"{report['episodes']} episodes. Generated {report['created_at']}.",
        "",
        "## Overall",
        "",
        *_summary_markdown(report["overall"]),
    ]
    for preference, summary in report["by_preference"].items():
        lines += ["", f"## Preference label: {preference}", "", *_summary_markdown(summary)]
    lines += ["", "## Per task", "", "| task | preference | base (verified/runs) | dbg (verified/runs) |",
              "| --- | --- | --- | --- |"]
    for task, row in sorted(report["per_task"].items()):
        cells = [f"{sum(v['verified'] for v in row[a].values())}/{len(row[a])}" for a in ARMS]
        lines.append(f"| {task} | {row['preference'] or '–'} | {cells[0]} | {cells[1]} |")
    infra = report.get("infra_errors") or []
    if infra:
        lines += ["", f"## Infra errors ({len(infra)} episodes, not counted)", "",
                  "The model endpoint failed in these episodes; they are left out of every number above. Resume "
                  "the evaluation (the same command) to play them again.", "",
                  "| task | arm | run | reason |", "| --- | --- | --- | --- |"]
        lines += [f"| {e['task']} | {e['arm']} | {e['run']} | {_cell(e.get('reason'))} |" for e in infra]
    stopped = report.get("stopped") or []
    if stopped:
        limits = sum(e["exit_reason"] == ExitReason.LIMIT for e in stopped)
        lines += ["", f"## Stopped episodes ({limits} at a sandbox limit, {len(stopped) - limits} harness faults)", "",
                  "A limit (exit reason limit) is the model's program running out of memory, processes, CPU time, "
                  "disk or time: a failure of the model. error and crash are faults of the harness; both count as "
                  "failures above, and a crash is played again on resume.", "",
                  "| task | arm | run | exit reason | reason |", "| --- | --- | --- | --- | --- |"]
        lines += [f"| {e['task']} | {e['arm']} | {e['run']} | {e['exit_reason']} | {_cell(e.get('reason'))} |"
                  for e in stopped]
    if plots:
        lines += ["", "## Plots", ""] + [f"![{Path(p).stem}]({Path(p).name})" for p in plots]
    lines += ["", "## Definitions", ""] + [f"- {k}: {v}" for k, v in report["notes"].items()]
    return "\n".join(lines) + "\n"


def _cell(text) -> str:
    """Free text in one markdown table cell."""
    return "–" if not text else str(text).replace("|", "\\|").replace("\n", " ")[:300]


def render_comparison(reports: Sequence[dict], *, title: str | None = "Model comparison") -> str:
    """Several models' overall numbers side by side, one column per model (under ``title``)."""
    labels = [r["model"] for r in reports]
    head = "| metric | " + " | ".join(labels) + " |"
    lines = [f"# {title}", ""] if title else []
    lines += [head, "|" + " --- |" * (len(labels) + 1)]

    def row(name, fn):
        lines.append(f"| {name} | " + " | ".join(fn(r["overall"], r) for r in reports) + " |")

    row("tasks × runs", lambda s, r: f"{len(r['tasks'])} × {r['runs']}")
    row("split", lambda s, r: str(r.get("split") or "custom"))
    for arm in ARMS:
        row(f"pass@1 {arm}", lambda s, r, a=arm: pct(s["arms"][a]["pass_at_1"]))
        row(f"pass@k {arm}", lambda s, r, a=arm: f"{pct(s['arms'][a]['pass_at_k'])} (k={s['k']})")
    row("Δ pass@1 (dbg - base)", lambda s, r: pp(s["lift"]["delta"]))
    row("Δ 95% CI", lambda s, r: "–" if s["lift"]["delta"] is None else
        f"[{pp(s['lift']['ci_low'])}, {pp(s['lift']['ci_high'])}]")
    row("McNemar p", lambda s, r: f"{s['lift']['mcnemar']['p_value']:.3g}")
    row("median turns to fix base (D_both)", lambda s, r: num(s["turns_to_fix"]["base"]))
    row("median turns to fix dbg (D_both)", lambda s, r: num(s["turns_to_fix"]["dbg"]))
    row("start rate", lambda s, r: pct(s["start_rate"]["rate"]))
    row("debugger calls / task (dbg)", lambda s, r: num(s["arms"]["dbg"]["calls_per_task"]["debugger"]))
    row("inspection calls / task (dbg)", lambda s, r: num(s["arms"]["dbg"]["calls_per_task"]["inspection"]))
    row("edit relevance", lambda s, r: pct(s["edit_relevance"]["rate"]) if s["edit_relevance"]["rate"]
        is not None else "n/a")
    for arm in ARMS:
        row(f"policy score {arm} (median [p25, p75])", lambda s, r, a=arm: _score(s["arms"][a]))
        row(f"policy passed {arm}", lambda s, r, a=arm: _passed(s["arms"][a]))

    def usage(s, arm) -> dict:
        return s["arms"][arm].get("usage") or {}

    for arm in ARMS:
        row(f"tokens per episode {arm}", lambda s, r, a=arm: tokens(usage(s, a).get("tokens_per_episode")))
    for arm in ARMS:
        row(f"tokens per solved task {arm}", lambda s, r, a=arm: tokens(usage(s, a).get("tokens_per_solved_task")))
    for arm in ARMS:
        row(f"wall time per episode {arm}", lambda s, r, a=arm: seconds(usage(s, a).get("wall_s_per_episode")))
    for arm in ARMS:
        row(f"cost per solved task {arm}", lambda s, r, a=arm: money(usage(s, a).get("cost_per_solved_task"),
                                                                    usage(s, a).get("currency")))
    row("infra errors (not counted)", lambda s, r: str(len(r.get("infra_errors") or [])))
    row("stopped at a sandbox limit", lambda s, r: str(sum(e.get("exit_reason") == ExitReason.LIMIT
                                                           for e in r.get("stopped") or [])))
    row("harness faults (error, crash)", lambda s, r: str(sum(e.get("exit_reason") in HARNESS_FAULTS
                                                              for e in r.get("stopped") or [])))
    return "\n".join(lines) + "\n"


def write_report(report: dict, out_dir: str | Path, plots: Sequence[str] = ()) -> tuple[Path, Path]:
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    json_path, md_path = out_dir / "report.json", out_dir / "report.md"
    json_path.write_text(json.dumps(report, indent=1, ensure_ascii=False), encoding="utf-8")
    md_path.write_text(render_markdown(report, plots), encoding="utf-8")
    return json_path, md_path
