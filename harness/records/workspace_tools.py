"""The tools of both arms as catalogue entries: the persistent shell, the file tools and ``done``. Their
handlers are bound on the session side (``harness.tools.workspace_tools``)."""

from __future__ import annotations

from harness.records.catalogue import CATALOGUE, NO_ARGS, Tool

FILE = {"type": "string", "description": "Path relative to the workspace root, e.g. 'inventory.py'."}

CATALOGUE.add(Tool(
    "bash",
    "Run a command in a persistent bash shell in the workspace (cd and exports carry over). Output is "
    "capped at 100 lines / 8 KB: read files in windows (sed -n '1,80p' file). Time limit per command.",
    {"type": "object", "properties": {"command": {"type": "string"}}, "required": ["command"]}, group="shell", kind="shell"))
CATALOGUE.add(Tool(
    "edit_file", "Replace every exact occurrence of old_string with new_string in a file (whitespace must match).",
    {"type": "object", "properties": {"file_path": FILE, "old_string": {"type": "string"},
                                      "new_string": {"type": "string"}},
     "required": ["file_path", "old_string", "new_string"]}, group="files", kind="edit"))
CATALOGUE.add(Tool(
    "write_file", "Create or overwrite a file with the given content.",
    {"type": "object", "properties": {"file_path": FILE, "content": {"type": "string"}},
     "required": ["file_path", "content"]}, group="files", kind="edit", whole_file=True))
CATALOGUE.add(Tool("done", "Finish the episode (after the tests pass).", NO_ARGS, group="control", kind="finish"))
