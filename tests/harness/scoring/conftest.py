"""The scoring tests play the three small fixture tasks (tests/fixtures) in real eval runs."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.tasks import FIXTURE_TASKS


@pytest.fixture(scope="session")
def fixture_tasks_dir() -> Path:
    return FIXTURE_TASKS
