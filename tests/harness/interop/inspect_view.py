"""The JSON API `inspect view` serves (Inspect's own FastAPI app), in process, for the tests that look at
Stepwise logs the way the viewer does."""

from __future__ import annotations

from pathlib import Path


def view_api(log_dir: Path):
    """A test client of the view's API over ``log_dir`` (``/log-files``, ``/logs/NAME``)."""
    from fastapi.testclient import TestClient
    from inspect_ai._view.fastapi_server import view_server_app

    return TestClient(view_server_app(default_dir=str(log_dir)))
