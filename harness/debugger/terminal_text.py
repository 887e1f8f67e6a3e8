"""pdb's terminal text made into the model's text: pytest's banners and startup lines dropped, workspace
paths shortened. Text in, text out: nothing is read back from it. Where the program is, why it stopped,
how a run ended, its values, stacks and tests come from the in-process debugger's records
(``Exchange.records``): pdb prints no position line and no restart notice for the harness to read."""

from __future__ import annotations

import os
from pathlib import Path

DEBUGGER_DIR = str(Path(__file__).resolve().parent)  # never shown: where the harness is installed
# pytest's own lines, dropped whole (nothing is taken from them): its banners and separators
# (">>>>> PDB continue >>>>>", "===== 1 failed =====") and the session header an old pytest prints.
PYTEST_BANNERS = (">>>>>", "=====", "!!!!!", "_____")
PYTEST_HEADER = ("platform ", "rootdir: ", "configfile: ", "plugins: ", "cachedir: ", "collected ")


def shown_path(path: str, workspace: str) -> str:
    """A workspace file by its relative name; anything else (a library) as pdb printed it."""
    real = os.path.realpath(path)
    if real.startswith(workspace + os.sep):
        return os.path.relpath(real, workspace)
    return path


def _pytest_line(line: str) -> bool:
    return line.startswith(PYTEST_BANNERS) or (line.startswith(PYTEST_HEADER) and (
        " -- Python" in line or ": " in line or line.endswith(("item", "items"))))


def clean(text: str, workspace: str) -> str:
    """Terminal text to model text: CRs, pytest's banners and header lines and absolute workspace paths
    go; runs of blank lines become one."""
    lines = [line for line in text.replace("\r\n", "\n").replace("\r", "").split("\n") if not _pytest_line(line)]
    cleaned = "\n".join(lines).replace(workspace + os.sep, "").replace(DEBUGGER_DIR, "<debugger>")
    while "\n\n\n" in cleaned:
        cleaned = cleaned.replace("\n\n\n", "\n\n")
    return cleaned.strip("\n")
