"""pdb's terminal text made into the model's text: banners and startup noise dropped, workspace paths
shortened, the execution-point line written ``file:line in function()``. Text in, text out: nothing is
read back from it. Where the program is, why it stopped, its values, stacks and tests come from the
in-process debugger's records (``Exchange.records``); pdb.main's own restart notices, which no record
replaces, are the only sentences taken out by their words."""

from __future__ import annotations

import os
import re
from pathlib import Path

DEBUGGER_DIR = str(Path(__file__).resolve().parent)  # never shown: where the harness is installed
# pdb's execution-point line: "> /abs/path/module.py(12)function()", maybe after pytest's progress
# letters on the same line ("F> test.py(50)test_x()": pytest -q writes no newline after them).
POSITION_LINE = re.compile(r"^(?P<progress>[.FEsxX]*)> (?P<path>.+?)\((?P<line>\d+)\)(?P<function>[^()\s]*)\(\)"
                           r"(?:->(?P<value>.*))?$", re.MULTILINE)
# pytest's banners (">>>>> PDB runcall >>>>>"), its session header and separators.
PYTEST_BANNER = re.compile(r"^(>{5,}|={5,}|!{5,}|_{5,}).*$")
PYTEST_NOISE = re.compile(r"^(platform \w+ -- Python|rootdir: |configfile: |plugins: |collected \d+ item|cachedir: )")
# Traceback entries of the debugger's own machinery (pdb.main running the script), source line included.
DEBUGGER_FRAME = re.compile(r'^  File "(?:[^"]*[/\\](?:pdb|bdb|stepwise_pdb)\.py|<string>)", line \d+, in .*\n(?:    .*\n){0,2}',
                            re.MULTILINE)
SCRIPT_FINISHED = "The program finished and will be restarted"
SCRIPT_EXITED = re.compile(r"The program exited via sys\.exit\(\)\. Exit status: ?(?P<status>.*)")
SCRIPT_POST_MORTEM_DONE = re.compile(r"Post mortem debugger finished\. The .* will be restarted")
SCRIPT_POST_MORTEM_NOISE = ("Running 'cont' or 'step' will restart the program",
                            "Uncaught exception. Entering post mortem debugging")


def shown_path(path: str, workspace: str) -> str:
    """A workspace file by its relative name; anything else (a library) as pdb printed it."""
    real = os.path.realpath(path)
    if real.startswith(workspace + os.sep):
        return os.path.relpath(real, workspace)
    return path


def clean(text: str, workspace: str) -> str:
    """Terminal text to model text: CRs, banners, startup noise and absolute workspace paths go;
    the execution-point line becomes ``file:line in function()``."""
    text = DEBUGGER_FRAME.sub("", text.replace("\r\n", "\n").replace("\r", ""))
    out = []
    for line in text.split("\n"):
        if PYTEST_BANNER.match(line) or PYTEST_NOISE.match(line) or line in SCRIPT_POST_MORTEM_NOISE:
            continue
        position = POSITION_LINE.match(line)
        if position:  # pytest's progress letters before it ("F> ...") are dropped: noise in a position
            line = f"{shown_path(position['path'], workspace)}:{position['line']} in {position['function']}()"
            if position["value"] is not None:
                line += f" returning {position['value']}"
        out.append(line)
    cleaned = "\n".join(out).replace(workspace + os.sep, "").replace(DEBUGGER_DIR, "<debugger>")
    return re.sub(r"\n{3,}", "\n\n", cleaned).strip("\n")
