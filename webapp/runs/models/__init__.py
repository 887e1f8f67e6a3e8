"""Jobs (with their events), the episodes they play (with their events and, for people at the
keyboard, their calls), eval runs and training runs."""

from webapp.runs.models.episodes import Driver, Episode, EpisodeEvent, HumanCall
from webapp.runs.models.jobs import OVER, Job, JobEvent, JobEventKind, JobState
from webapp.runs.models.results import EvalRun, TrainingKind, TrainingRun

__all__ = ["OVER", "Driver", "Episode", "EpisodeEvent", "EvalRun", "HumanCall", "Job", "JobEvent", "JobEventKind",
           "JobState", "TrainingKind", "TrainingRun"]
