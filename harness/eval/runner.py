"""The paired runner: every task in both arms, ``runs`` times, in parallel, resumable.

Trajectories land at ``OUT/trajectories/<task>/<arm>-run<r>.json`` (events next to them). A rerun
with the same ``OUT`` skips every episode whose document exists and did not crash or fail on the
model endpoint (``infra_error``), so an evaluation interrupted half-way continues where it stopped.

``run_eval`` is three steps: plan (``harness.eval.plan``: what to play, what is finished, the
manifest, the policy's preflight), play (``harness.eval.play``: the thread pool, each episode played
then scored, progress, the circuit breaker) and report (``harness.eval.reporting``: score what is
unscored, build and write the report and plots).

Before the first episode the policy's preflight checks its endpoint (one cheap request): a wrong URL,
key or model name stops the evaluation at once with an ``EndpointError`` saying what to set. While it
runs, the circuit breaker (``harness.eval.breaker``) stops it when the endpoint has failed several
episodes in a row; the report is still written, then ``EvalStopped`` is raised.
"""

from __future__ import annotations

from pathlib import Path

from harness.eval.breaker import InfraBreaker
from harness.eval.config import EvalConfig, EvalProgress, EvalResult, EvalStopped
from harness.eval.plan import (
    MANIFEST,
    PlannedEpisode,
    check_manifest,
    finished_document,
    plan,
    plan_eval,
    preflight_and_record,
)
from harness.eval.play import play_eval
from harness.eval.reporting import report_eval, with_quality
from harness.policies.threads import PolicyPerThread


def run_eval(config: EvalConfig) -> EvalResult:
    eval_plan = plan_eval(config)  # a bad config stops here, before any policy is made
    breaker = InfraBreaker(config.max_consecutive_infra_errors)
    policies = PolicyPerThread(config.make_policy)
    try:
        preflight_and_record(config, eval_plan, policies.first)
        played = play_eval(config, eval_plan, policies, breaker)
        info = policies.first.info().to_dict()
    finally:
        policies.close()
    reported = report_eval(config, eval_plan.episodes, eval_plan.scoring_config, info)
    out = Path(config.out)
    stopped = None
    if played.stopped:
        stopped = breaker.message(sum(finished_document(e.path(out)) is None for e in eval_plan.episodes))
    result = EvalResult(reported.report, reported.paths, reported.plots, ran=played.ran, skipped=eval_plan.skipped,
                        outcomes=reported.outcomes, stopped=stopped)
    if result.stopped:
        raise EvalStopped(result.stopped, result)
    return result


__all__ = ["MANIFEST", "EvalConfig", "EvalProgress", "EvalResult", "EvalStopped", "PlannedEpisode", "check_manifest",
           "finished_document", "plan", "run_eval", "with_quality"]
