"""The report step of an evaluation: load each played trajectory, score the ones without a quality
record of the current scoring config (recorded before scoring, or under another version), then build
the report (``harness.eval.report``), draw the plots and write both into OUT. It plays nothing, so it
also reports a folder of trajectories played elsewhere."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from harness.eval.config import EvalConfig
from harness.eval.metrics import EpisodeOutcome, outcome_from_trajectory
from harness.eval.plan import PlannedEpisode, load_played
from harness.eval.plots import write_plots
from harness.eval.report import build_report, write_report
from harness.scoring import PolicyConfig, ScoringError, score_trajectory
from harness.trajectory import NOT_MODEL_OUTCOMES, Trajectory, write_document


@dataclass(frozen=True)
class Reported:
    report: dict
    paths: tuple[Path, Path]
    plots: list[Path]
    outcomes: list[EpisodeOutcome]


def with_quality(trajectory: Trajectory, episode: PlannedEpisode, scoring_config: PolicyConfig,
                 path: Path) -> Trajectory:
    """``trajectory`` with a quality record from ``scoring_config``; an episode recorded before scoring
    (or scored under another policy version) is scored now and its file updated."""
    scored = trajectory.scored
    if scored is not None and scored.policy is not None and scored.policy.version == scoring_config.version:
        return trajectory
    try:
        trajectory.quality = score_trajectory(trajectory, episode.task, scoring_config).to_json()
    except ScoringError:
        return trajectory  # it stays unscored and counts as such in the report
    write_document(trajectory.to_json(check=False), path)
    return trajectory


def report_eval(config: EvalConfig, episodes: Sequence[PlannedEpisode], scoring_config: PolicyConfig,
                policy_info: dict) -> Reported:
    """Score and report every played episode of ``episodes``; one never played (the breaker stopped
    the evaluation first) is left out. A crash counts as an unverified attempt, an infra error is
    listed apart (``build_report``)."""
    out = Path(config.out)
    outcomes = []
    for episode in episodes:
        trajectory = load_played(episode.path(out))
        if trajectory is None:
            continue
        if config.scorer is None and trajectory.result.exit_reason not in NOT_MODEL_OUTCOMES:
            trajectory = with_quality(trajectory, episode, scoring_config, episode.path(out))
        outcomes.append(outcome_from_trajectory(trajectory, run=episode.run, preference=episode.task.preference))
    report = build_report(outcomes, model=config.label, policy=policy_info, split=config.split, runs=config.runs,
                          max_turns=config.max_turns, sandbox=config.sandbox)
    plots = write_plots([report], out)
    paths = write_report(report, out, [str(p) for p in plots])
    return Reported(report, paths, plots, outcomes)
