"""Trajectories: the typed ``stepwise.trajectory/1`` document (``Trajectory``, ``Step``,
``EpisodeResult``, ``ExitReason``), its JSON schema, and the event stream an episode writes as it goes."""

from harness.records.events import now_iso
from harness.records.exit_reasons import (
    HARNESS_FAULTS,
    MODEL_OUTCOMES,
    NOT_MODEL_OUTCOMES,
    RERUN_ON_RESUME,
    ExitReason,
)
from harness.records.step import EpisodeResult, Step, TestCounts
from harness.trajectory.document import Trajectory, load_trajectory, read_document
from harness.trajectory.events import (
    EventStream,
    events_path_for,
    fold_events,
    from_events,
    read_events,
    write_document,
)
from harness.trajectory.schema import (
    EXIT_REASONS,
    SCHEMA_ID,
    TRAJECTORY_SCHEMA,
    TrajectoryError,
    validation_errors,
)

__all__ = ["EXIT_REASONS", "HARNESS_FAULTS", "MODEL_OUTCOMES", "NOT_MODEL_OUTCOMES", "RERUN_ON_RESUME", "SCHEMA_ID", "TRAJECTORY_SCHEMA", "EpisodeResult",
           "EventStream", "ExitReason", "Step", "TestCounts", "Trajectory", "TrajectoryError",
           "events_path_for", "fold_events", "from_events", "load_trajectory", "now_iso", "read_document",
           "read_events", "validation_errors", "write_document"]
