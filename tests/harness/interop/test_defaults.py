"""One set of defaults for every adapter (harness.interop.defaults): the split, the turn limit and the
trajectory folder an Inspect eval, a verifiers environment and the OpenEnv server use when none is
given. The verifiers.v1 taskset's are checked in its environment (test_verifiers_v1.py)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from harness.cli.serve_env import build_parser
from harness.interop import defaults
from harness.interop.driven import EpisodeSpec
from tests.helpers.tasks import RUNNING_AVERAGE


def test_no_default_split_plays_heldout_and_training_may_use_it():
    from corpus.splits import SPLITS
    from harness.interop.verifiers_common import TRAINING_SPLITS

    assert defaults.SPLIT in SPLITS and defaults.SPLIT in TRAINING_SPLITS


@pytest.mark.slow  # imports Inspect and OpenEnv
def test_every_adapter_takes_the_declared_defaults(monkeypatch):
    # The adapters import their frameworks (Inspect, OpenEnv: seconds each), so here, not at collection.
    from harness.interop import inspect_task, verifiers_env
    from harness.interop.openenv_env import ServerConfig

    asked = []
    one = inspect_task.load_task(RUNNING_AVERAGE)
    monkeypatch.setattr(inspect_task, "select_tasks", lambda split, tasks, corpus: asked.append(split) or [one])
    task = inspect_task.debug_repair()  # no split, no tasks
    assert asked == [defaults.SPLIT] and task.metadata is not None and task.metadata["split"] == defaults.SPLIT
    assert EpisodeSpec(task="t", arm="dbg", out=Path("x")).max_turns == defaults.MAX_TURNS  # Inspect's max_turns=0

    classic = inspect.signature(verifiers_env.load_environment).parameters
    assert (classic["split"].default, classic["max_turns"].default) == (defaults.SPLIT, defaults.MAX_TURNS)

    served = build_parser().parse_args([])
    assert served.max_turns == defaults.MAX_TURNS
    assert Path(served.out_dir) == defaults.trajectory_folder() == Path("outputs/stepwise-trajectories")
    config = ServerConfig(tasks=["t"], tasks_dir=Path("."))
    assert (config.max_turns, config.out_dir) == (defaults.MAX_TURNS, defaults.trajectory_folder())
