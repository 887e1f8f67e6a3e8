"""The settings reference page, rendered from the declared environment variables.

``webapp/environment.py`` declares every variable with its default and meaning; this turns
that table into ``docs/reference/settings.md`` (written by ``docs.gen.reference`` with the other pages).
"""

from __future__ import annotations

from docs.gen.reference import HEADER


def _cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def settings_page(variables=None) -> str:
    """One table per reader (the web app, the harness, scripts/run, compose), in declaration order."""
    if variables is None:
        from webapp.environment import VARIABLES as variables
    lines = ["# Settings reference", "", HEADER.strip(), "",
             "Every environment variable Stepwise reads, from `webapp/environment.py`. Nothing "
             "is needed for the embedded default; [Settings](../operation/settings.md) explains the set-ups.", ""]
    readers = list(dict.fromkeys(variable.read_by for variable in variables))
    for reader in readers:
        lines += [f"## Read by {reader}", "", "| variable | default | meaning |", "| --- | --- | --- |"]
        for variable in (v for v in variables if v.read_by == reader):
            name = f"`{variable.name}`" + "".join(f" (or `{alias}`)" for alias in variable.aliases)
            lines.append(f"| {name} | {_cell(variable.shown_default)} | {_cell(variable.meaning)} |")
        lines.append("")
    return "\n".join(lines)
