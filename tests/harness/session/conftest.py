"""Fixtures: a workspace holding one of the small programs, and a session on it that is always closed."""

from __future__ import annotations

import pytest

from harness.session import DebugSession
from tests.harness.session.programs import PROGRAMS, write_program


@pytest.fixture
def open_session(tmp_path):
    """open_session("deep_local", arm="dbg", **options) -> a DebugSession on a fresh copy of the program."""
    sessions = []

    def make(program: str, **options) -> DebugSession:
        workspace = write_program(program, tmp_path / program)
        protected = [name for name in PROGRAMS[program] if name.startswith("test_")]
        session = DebugSession(workspace, protected_files=protected, **options)
        sessions.append(session)
        return session

    yield make
    for session in sessions:
        session.close()
