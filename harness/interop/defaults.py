"""The defaults every interop adapter shares, declared once: the Inspect task, both verifiers
environments, the OpenEnv server (and so trl's environment, which plays on it). Documented once, in
docs/researchers/interop.md ("Defaults").

- ``SPLIT``: the tasks played when none are named. ``validation``: the one split both evaluation and
  training may use; heldout tasks are played only when asked for by name or split (and never for
  training).
- ``MAX_TURNS``: an episode's turn limit, that of ``harness run``.
- Trajectory files go to ``TRAJECTORY_FOLDER`` inside the framework's own output folder (Inspect's log
  folder; ``OUTPUTS``, where ``vf-eval`` writes its runs by default, for verifiers and serve-env).
- ``MAX_EPISODES``: how many episodes (each a sandbox) one process plays at once, whatever concurrency
  the framework asks for; the others wait their turn.
"""

from __future__ import annotations

from pathlib import Path

SPLIT = "validation"
MAX_TURNS = 50
TRAJECTORY_FOLDER = "stepwise-trajectories"
OUTPUTS = "outputs"
MAX_EPISODES = 4


def trajectory_folder(output_folder: str | Path = OUTPUTS) -> Path:
    """Where an adapter writes trajectory files by default: beside the framework's own output."""
    return Path(output_folder) / TRAJECTORY_FOLDER


__all__ = ["MAX_EPISODES", "MAX_TURNS", "OUTPUTS", "SPLIT", "TRAJECTORY_FOLDER", "trajectory_folder"]
