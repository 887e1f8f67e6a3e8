"""The paired evaluation's metrics, computed from episode outcomes (one per trajectory).

Definitions (the reference write-up's "Metrics"; choices made here are said where they are made):
- pass@1 per arm and run: share of tasks whose attempt in that run verified; the headline pass@1 is
  the mean over runs.
- pass@k: the unbiased estimator 1 - C(n-c, k) / C(n, k) per task (n attempts, c verified), averaged
  over tasks; with k = n it is "solved by any of the k attempts".
- debugger lift Δ = pass@1(dbg) - pass@1(base) over the (task, run) pairs present in both arms, with
  a paired bootstrap CI that resamples tasks (all runs of a task move together) and a McNemar test
  on the discordant pairs (exact two-sided binomial when there are fewer than 25, else chi-square
  with continuity correction).
- turns to fix: over D_both, the tasks verified in at least one run of each arm; per task and arm
  the turns of the verified runs are averaged first, then the median over tasks is taken.
- start rate: share of dbg trajectories that opened a debugger session (a start_debugger that did
  not error); debugger and inspection calls are averaged per dbg trajectory.
- edit relevance: share of debugger-starting trajectories whose quality record (harness.scoring)
  says an edit used a runtime observation; overall over the dbg arm, and per arm. A person's
  confirmed verdict (quality.review.edit_relevant) wins over the automatic one.
- policy quality: the pdb_policy score's distribution (mean, quartiles, a 10-bin histogram), the
  share of trajectories it passes, and how many trajectories carry each hard reason, per arm.
- infra errors: episodes whose model endpoint failed (``infra_error``) say nothing about the model;
  ``summarize`` leaves them out of every metric above and only counts them (the report lists them).
- usage and cost per arm: ``harness.eval.usage``.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from harness.arms import ARMS
from harness.eval.usage import episode_usage, usage_summary
from harness.records.groups import DEBUGGER_TOOLS, INSPECTION_TOOLS
from harness.records.quality import Quality
from harness.trajectory import NOT_MODEL_OUTCOMES, ExitReason, Trajectory

EXACT_MCNEMAR_BELOW = 25
BOOTSTRAP_SAMPLES = 2000
EDIT_RELEVANCE_PENDING = "n/a: no quality record (score them with python -m harness score --write)"
SCORE_BINS = 10


@dataclass(frozen=True)
class EpisodeOutcome:
    """What the metrics need from one trajectory."""

    task: str
    arm: str
    run: int
    verified: bool
    turns: int
    exit_reason: str = ExitReason.DONE
    debugger_started: bool = False
    debugger_calls: int = 0
    inspection_calls: int = 0
    preference: str | None = None
    edit_relevant: bool | None = None
    policy_version: str | None = None
    policy_score: float | None = None
    policy_passed: bool | None = None
    hard_reasons: tuple[str, ...] = ()  # rule names, one entry per rule broken
    reason: str | None = None  # the result's reason in plain words (why it ended, why not verified)
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    wall_s: float | None = None  # header to result
    cost: float | None = None  # from the trajectory's own prices; None without them
    currency: str | None = None

    @property
    def counted(self) -> bool:
        """Whether the metrics count this attempt (an endpoint failure says nothing about the model)."""
        return self.exit_reason not in NOT_MODEL_OUTCOMES


def _policy(quality: Quality | None) -> dict:
    """What the outcome keeps of the quality record's policy verdict ({} when there is none)."""
    if quality is None or quality.policy is None:
        return {}
    policy = quality.policy
    return {"policy_version": policy.version, "policy_score": policy.score, "policy_passed": policy.passed,
            "hard_reasons": quality.hard_rules}


def outcome_from_trajectory(trajectory: Trajectory | dict, *, run: int | None = None,
                            preference: str | None = None) -> EpisodeOutcome:
    """The outcome of one trajectory; ``run`` and ``preference`` default to the header's. A stored
    document (a dict) is read through ``Trajectory.from_json`` first."""
    if isinstance(trajectory, dict):
        trajectory = Trajectory.from_json(trajectory)
    steps, result, extra, quality = trajectory.steps, trajectory.result, trajectory.extra, trajectory.scored
    return EpisodeOutcome(
        task=trajectory.task, arm=trajectory.arm, run=int(run if run is not None else extra.get("run", 1)),
        verified=result.verified, turns=len(steps),
        exit_reason=str(result.exit_reason), debugger_started=trajectory.debugger_started,
        debugger_calls=sum(1 for s in steps if s.tool in DEBUGGER_TOOLS),
        inspection_calls=sum(1 for s in steps if s.tool in INSPECTION_TOOLS),
        preference=preference or extra.get("preference"),
        edit_relevant=quality.reviewed_edit_relevant if quality else None,
        reason=result.reason, **_policy(quality), **episode_usage(trajectory),
    )


def _arm(outcomes: Iterable[EpisodeOutcome], arm: str) -> list[EpisodeOutcome]:
    return [o for o in outcomes if o.arm == arm]


def _rate(values: Sequence[bool]) -> float | None:
    return sum(values) / len(values) if values else None


def pass_at_1_by_run(outcomes: Iterable[EpisodeOutcome], arm: str) -> dict[int, float]:
    by_run: dict[int, list[bool]] = defaultdict(list)
    for o in _arm(outcomes, arm):
        by_run[o.run].append(o.verified)
    return {run: sum(values) / len(values) for run, values in sorted(by_run.items())}  # no run is empty


def pass_at_1(outcomes: Iterable[EpisodeOutcome], arm: str) -> float | None:
    """The mean over runs of the per-run pass@1."""
    runs = pass_at_1_by_run(outcomes, arm)
    return statistics.fmean(runs.values()) if runs else None


def pass_at_k_unbiased(n: int, c: int, k: int) -> float:
    """Probability that at least one of k attempts drawn from n (c of them correct) is correct."""
    if k > n:
        raise ValueError(f"pass@{k} needs at least {k} attempts per task, got {n}")
    if n - c < k:
        return 1.0
    return 1.0 - math.comb(n - c, k) / math.comb(n, k)


def pass_at_k(outcomes: Iterable[EpisodeOutcome], arm: str, k: int) -> float | None:
    """Mean over tasks of the unbiased pass@k; tasks with fewer than k attempts are left out."""
    per_task: dict[str, list[bool]] = defaultdict(list)
    for o in _arm(outcomes, arm):
        per_task[o.task].append(o.verified)
    values = [pass_at_k_unbiased(len(v), sum(v), k) for v in per_task.values() if len(v) >= k]
    return statistics.fmean(values) if values else None


def paired(outcomes: Iterable[EpisodeOutcome]) -> list[tuple[str, int, bool, bool]]:
    """(task, run, base verified, dbg verified) for every (task, run) present in both arms."""
    cells: dict[tuple[str, int], dict[str, bool]] = defaultdict(dict)
    for o in outcomes:
        cells[(o.task, o.run)][o.arm] = o.verified
    return [(task, run, arms["base"], arms["dbg"]) for (task, run), arms in sorted(cells.items())
            if "base" in arms and "dbg" in arms]


def mcnemar(pairs: Sequence[tuple[str, int, bool, bool]]) -> dict:
    """McNemar's test on paired outcomes: b = base only solved, c = dbg only solved."""
    b = sum(1 for _, _, base, dbg in pairs if base and not dbg)
    c = sum(1 for _, _, base, dbg in pairs if dbg and not base)
    n = b + c
    if n == 0:
        return {"base_only": b, "dbg_only": c, "p_value": 1.0, "method": "no discordant pairs"}
    if n < EXACT_MCNEMAR_BELOW:
        tail = sum(math.comb(n, i) for i in range(min(b, c) + 1)) / 2 ** n
        return {"base_only": b, "dbg_only": c, "p_value": min(1.0, 2 * tail), "method": "exact binomial"}
    statistic = (abs(b - c) - 1) ** 2 / n
    return {"base_only": b, "dbg_only": c, "p_value": math.erfc(math.sqrt(statistic / 2)),
            "method": "chi-square, continuity corrected", "statistic": statistic}


def debugger_lift(outcomes: Sequence[EpisodeOutcome], *, samples: int = BOOTSTRAP_SAMPLES,
                  seed: int = 0, confidence: float = 0.95) -> dict:
    """Δ = pass@1(dbg) - pass@1(base) on the paired (task, run) cells, a task-level paired bootstrap
    CI and McNemar's test. A fixed seed keeps reports reproducible."""
    pairs = paired(outcomes)
    if not pairs:
        return {"delta": None, "ci_low": None, "ci_high": None, "pairs": 0, "tasks": 0,
                "confidence": confidence, "mcnemar": mcnemar(pairs)}
    per_task: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # [sum of dbg - base, pairs]
    for task, _, base, dbg in pairs:
        per_task[task][0] += int(dbg) - int(base)
        per_task[task][1] += 1
    totals = list(per_task.values())
    delta = sum(t[0] for t in totals) / sum(t[1] for t in totals)
    rng = random.Random(seed)
    draws = []
    for _ in range(samples):
        sample = [totals[rng.randrange(len(totals))] for _ in totals]
        draws.append(sum(t[0] for t in sample) / sum(t[1] for t in sample))
    draws.sort()
    alpha = (1 - confidence) / 2
    low = draws[int(math.floor(alpha * (samples - 1)))]
    high = draws[int(math.ceil((1 - alpha) * (samples - 1)))]
    return {"delta": delta, "ci_low": low, "ci_high": high, "pairs": len(pairs), "tasks": len(totals),
            "confidence": confidence, "mcnemar": mcnemar(pairs)}


def turns_to_fix(outcomes: Iterable[EpisodeOutcome]) -> dict:
    """Median turns to a verified fix per arm over D_both (see the module docstring)."""
    solved: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for o in outcomes:
        if o.verified:
            solved[o.task][o.arm].append(o.turns)
    both = sorted(t for t, arms in solved.items() if arms.get("base") and arms.get("dbg"))
    out: dict = {"tasks": both}
    for arm in ARMS:
        per_task = [statistics.fmean(solved[t][arm]) for t in both]
        out[arm] = statistics.median(per_task) if per_task else None
    return out


def start_rate(outcomes: Iterable[EpisodeOutcome]) -> dict:
    dbg = _arm(outcomes, "dbg")
    started = sum(o.debugger_started for o in dbg)
    runs = len({o.run for o in dbg}) or 1
    return {"rate": _rate([o.debugger_started for o in dbg]), "started": started, "trajectories": len(dbg),
            "started_per_run": started / runs, "tasks": len({o.task for o in dbg})}


def calls_per_task(outcomes: Iterable[EpisodeOutcome], arm: str = "dbg") -> dict:
    rows = _arm(outcomes, arm)
    if not rows:
        return {"debugger": None, "inspection": None}
    return {"debugger": statistics.fmean(o.debugger_calls for o in rows),
            "inspection": statistics.fmean(o.inspection_calls for o in rows)}


def edit_relevance(outcomes: Iterable[EpisodeOutcome], arm: str = "dbg") -> dict:
    """EditRelevant among the trajectories of ``arm`` that started the debugger."""
    opened = [o for o in _arm(outcomes, arm) if o.debugger_started]
    scored = [o.edit_relevant for o in opened if o.edit_relevant is not None]
    if not scored:
        return {"rate": None, "scored": 0, "note": EDIT_RELEVANCE_PENDING if opened else
                f"no {arm} trajectory opened the debugger"}
    return {"rate": _rate(scored), "scored": len(scored), "note": None}


def _quantile(ordered: Sequence[float], q: float) -> float:
    position = q * (len(ordered) - 1)
    low, high = math.floor(position), math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def policy_quality(outcomes: Iterable[EpisodeOutcome], arm: str) -> dict:
    """The pdb_policy verdicts of one arm: score distribution, pass rate, hard-reason counts."""
    rows = [o for o in _arm(outcomes, arm) if o.policy_score is not None]
    if not rows:
        return {"scored": 0, "versions": [], "passed_rate": None, "score": None, "histogram": None,
                "hard_reasons": {}}
    scores = sorted(o.policy_score for o in rows if o.policy_score is not None)
    histogram = [0] * SCORE_BINS
    for value in scores:
        histogram[min(SCORE_BINS - 1, int(value * SCORE_BINS))] += 1
    counts: dict[str, int] = defaultdict(int)
    for o in rows:
        for rule in o.hard_reasons:
            counts[rule] += 1
    return {"scored": len(rows), "versions": sorted({o.policy_version for o in rows if o.policy_version}),
            "passed_rate": _rate([bool(o.policy_passed) for o in rows]),
            "score": {"mean": statistics.fmean(scores), "min": scores[0], "p25": _quantile(scores, 0.25),
                      "median": _quantile(scores, 0.5), "p75": _quantile(scores, 0.75), "max": scores[-1]},
            "histogram": histogram, "hard_reasons": dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))}


def debugger_opened_split(outcomes: Sequence[EpisodeOutcome]) -> dict:
    """The write-up's figure 4b: dbg attempts split by whether they opened the debugger, each with
    its pass@1 and the pass@1 of the matched base attempts (same task and run)."""
    base = {(o.task, o.run): o.verified for o in _arm(outcomes, "base")}
    out = {}
    for label, flag in (("opened", True), ("not_opened", False)):
        group = [o for o in _arm(outcomes, "dbg") if o.debugger_started is flag]
        matched = [base[(o.task, o.run)] for o in group if (o.task, o.run) in base]
        out[label] = {"attempts": len(group), "dbg_pass_at_1": _rate([o.verified for o in group]),
                      "matched_base_pass_at_1": _rate(matched)}
    return out


def exit_reasons(outcomes: Iterable[EpisodeOutcome], arm: str) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for o in _arm(outcomes, arm):
        counts[o.exit_reason] += 1
    return dict(sorted(counts.items()))


def summarize(outcomes: Sequence[EpisodeOutcome], *, k: int | None = None) -> dict:
    """Every metric of one model over ``outcomes``; ``k`` defaults to the number of runs. Infra-error
    episodes are set aside first: they are only counted, per arm."""
    infra = [o for o in outcomes if not o.counted]
    outcomes = [o for o in outcomes if o.counted]
    runs = max((o.run for o in outcomes), default=0)
    k = k or max(runs, 1)
    arms = {}
    for arm in ARMS:
        rows = _arm(outcomes, arm)
        arms[arm] = {"episodes": len(rows), "tasks": len({o.task for o in rows}),
                     "pass_at_1_by_run": {str(r): v for r, v in pass_at_1_by_run(rows, arm).items()},
                     "pass_at_1": pass_at_1(rows, arm),
                     "pass_at_k": pass_at_k(rows, arm, k), "exit_reasons": exit_reasons(rows, arm),
                     "calls_per_task": calls_per_task(rows, arm),
                     "edit_relevance": edit_relevance(rows, arm), "policy": policy_quality(rows, arm),
                     "usage": usage_summary(rows), "infra_errors": len(_arm(infra, arm))}
    return {"k": k, "arms": arms, "lift": debugger_lift(outcomes), "turns_to_fix": turns_to_fix(outcomes),
            "start_rate": start_rate(outcomes), "edit_relevance": edit_relevance(outcomes),
            "debugger_opened_split": debugger_opened_split(outcomes)}
