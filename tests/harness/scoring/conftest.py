"""The scoring tests borrow the episode tests' three small fixture tasks for real eval runs."""

from __future__ import annotations

from pathlib import Path

import pytest

EPISODE_FIXTURE_TASKS = Path(__file__).resolve().parents[1] / "episodes" / "fixtures" / "tasks"


@pytest.fixture(scope="session")
def fixture_tasks_dir() -> Path:
    return EPISODE_FIXTURE_TASKS
