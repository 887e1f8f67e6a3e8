"""Fixtures built once per test run, not once per xdist worker: the tiny models and the SFT dataset
import torch, transformers or datasets and train a tokenizer, seconds of each worker's time. The first
worker to need one builds it in the folder the run's workers share; the others wait for it and read it.
What is built this way is read only by the tests."""

from __future__ import annotations

import fcntl
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def run_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder every xdist worker of this run shares (each worker's own base folder is under it);
    without xdist, the run's own base folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def built_once(tmp_path_factory: pytest.TempPathFactory, name: str, build: Callable[[Path], object]) -> Path:
    """The folder ``name`` of this run, which ``build(folder)`` fills: the first caller builds it (under
    a lock, then renames it into place, so no one reads half of it), the others wait and share it."""
    shared = run_folder(tmp_path_factory)
    folder = shared / name
    with (shared / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not folder.is_dir():
            building = shared / f"{name}.building"
            shutil.rmtree(building, ignore_errors=True)
            build(building)
            building.rename(folder)
    return folder
