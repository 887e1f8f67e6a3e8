"""The patch scan (``harness.patch_scan``) over what the model changed in a repository task: every Python
file it changed or added, against the file at the buggy commit, and every native module it added.

A real project's verification runs with no audit hook (docs/harness/verification.md), so the scan is
what refuses code forged to pass for shipped or library code (``compile()`` under the package file's
name, ``code.replace``, ``FunctionType``), a module's names rebound from outside (``sys.modules``,
``pkg.mod.Class = Fake``) and the other rules a small task's patch is held to. Only the model's lines
count, as for a small task; and a changed line is not held to a rule that the line it replaced already
hit (the project's own use, edited: PySnooper's tracer reads ``frame.f_locals``, and its fixes change
those lines). A native module (``.so``) is code no rule can read: always a finding.
"""

from __future__ import annotations

import difflib

from harness.patch_scan import MAX_FINDINGS, Finding, scan_file

NATIVE_SUFFIXES = (".so", ".pyd")


def _text(data: bytes | None) -> str:
    return (data or b"").decode("utf-8", errors="replace")


def _replaced_hits(name: str, before: str, after: str) -> set[tuple[int, str]]:
    """(line of ``after``, rule) for each changed line whose replaced lines in ``before`` hit that rule."""
    hits: dict[str, set[int]] = {}
    for finding in scan_file(name, "", before):
        hits.setdefault(finding.rule, set()).add(finding.line)
    matcher = difflib.SequenceMatcher(None, before.splitlines(), after.splitlines(), autojunk=False)
    out = set()
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "replace":
            rules = {rule for rule, rows in hits.items() if rows & set(range(i1 + 1, i2 + 1))}
            out |= {(row, rule) for row in range(j1 + 1, j2 + 1) for rule in rules}
    return out


def scan_repository_changes(carried: dict[str, tuple[bytes | None, bytes | None]]) -> list[Finding]:
    """The findings in the carried changes (name -> (the buggy commit's bytes or None, the model's or None))."""
    findings = []
    for name, (old, new) in sorted(carried.items()):
        if new is None:
            continue
        if name.endswith(NATIVE_SUFFIXES):
            findings.append(Finding(name, 0, "dynamic-code", "a native module: code no rule can read"))
        elif name.endswith(".py"):
            before, after = _text(old), _text(new)
            own = _replaced_hits(name, before, after) if old is not None else set()
            findings += [f for f in scan_file(name, before, after) if (f.line, f.rule) not in own]
    return findings[:MAX_FINDINGS]
