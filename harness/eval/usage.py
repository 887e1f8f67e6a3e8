"""What an evaluation cost: tokens, wall time and, when the model config gives prices, money.

Per arm, over the attempts the metrics count: tokens per episode (the mean over episodes that
reported usage), tokens per solved task (every token the arm spent, divided by its verified
attempts: what one fix costs, failures included), wall time per episode (header to result, the
sandbox and verification included), and the same for cost. An episode's cost is priced from its own
trajectory (``policy.params.prices``, per million input and output tokens), so a report over
trajectories recorded under different prices stays right.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from datetime import datetime

from harness.trajectory import Trajectory


def _seconds_between(start: str | None, end: str | None) -> float | None:
    if start is None or end is None:
        return None
    try:
        return (datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds()
    except (TypeError, ValueError):  # not a string, or not an ISO time
        return None


def episode_usage(trajectory: Trajectory) -> dict:
    """The usage fields of one trajectory: prompt and completion tokens (None when the policy reported
    none), wall seconds, and cost (None without prices or usage) with its currency."""
    usage = trajectory.result.usage or {}
    prompt, completion = usage.get("prompt_tokens"), usage.get("completion_tokens")
    prompt = int(prompt) if isinstance(prompt, int | float) else None
    completion = int(completion) if isinstance(completion, int | float) else None
    prices = ((trajectory.policy or {}).get("params") or {}).get("prices")
    cost = currency = None
    if isinstance(prices, dict) and prompt is not None and completion is not None:
        try:
            cost = (prompt * float(prices["input_per_million"]) + completion * float(prices["output_per_million"])) / 1e6
            currency = str(prices.get("currency") or "USD")
        except (KeyError, TypeError, ValueError):
            cost = None
    return {"prompt_tokens": prompt, "completion_tokens": completion,
            "wall_s": _seconds_between(trajectory.started_at, trajectory.finished_at), "cost": cost,
            "currency": currency}


def _mean(values: list) -> float | None:
    return statistics.fmean(values) if values else None


def usage_summary(outcomes: Iterable) -> dict:
    """Tokens, wall time and cost over ``outcomes`` (one arm's ``EpisodeOutcome`` rows)."""
    rows = list(outcomes)
    solved = sum(o.verified for o in rows)
    with_usage = [o for o in rows if o.prompt_tokens is not None and o.completion_tokens is not None]
    tokens = [o.prompt_tokens + o.completion_tokens for o in with_usage]
    walls = [o.wall_s for o in rows if o.wall_s is not None]
    costs = [o.cost for o in rows if o.cost is not None]
    currencies = sorted({o.currency for o in rows if o.currency})
    complete_cost = bool(rows) and len(costs) == len(rows)
    total_tokens = sum(tokens) if with_usage else None
    return {
        "episodes": len(rows), "solved": solved, "with_usage": len(with_usage),
        "prompt_tokens": sum(o.prompt_tokens for o in with_usage) if with_usage else None,
        "completion_tokens": sum(o.completion_tokens for o in with_usage) if with_usage else None,
        "total_tokens": total_tokens,
        "tokens_per_episode": _mean(tokens),
        "tokens_per_solved_task": total_tokens / solved if total_tokens is not None and solved else None,
        "wall_s_per_episode": _mean(walls),
        "wall_s_median": statistics.median(walls) if walls else None,
        "wall_s_total": sum(walls) if walls else None,
        "cost": sum(costs) if complete_cost else None,
        "cost_per_episode": _mean(costs) if complete_cost else None,
        "cost_per_solved_task": sum(costs) / solved if complete_cost and solved else None,
        "currency": currencies[0] if len(currencies) == 1 else (None if not currencies else "mixed"),
    }
