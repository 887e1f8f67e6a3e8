"""The patch scan (``harness.patch_scan``) over what the model changed in a repository task: every Python
file it changed or added, against the file at the buggy commit, and every native module it added.

A real project's verification runs with no audit hook (docs/harness/verification.md), so the scan is
what refuses code forged to pass for shipped or library code (``compile()`` under the package file's
name, ``code.replace``, ``FunctionType``), a module's names rebound from outside (``sys.modules``,
``pkg.mod.Class = Fake``) and the other rules a small task's patch is held to. Only the model's lines
count, as for a small task; and a block of changed lines may hit a rule on as many lines as the lines
it replaced did (the project's own use, edited: PySnooper's tracer reads ``frame.f_locals``, and its
fixes change those lines), never on more. A native module (``.so``) is code no rule can read: always a finding.
"""

from __future__ import annotations

import difflib

from harness.patch_scan import MAX_FINDINGS, Finding, scan_file

NATIVE_SUFFIXES = (".so", ".pyd")


def _text(data: bytes | None) -> str:
    return (data or b"").decode("utf-8", errors="replace")


def _own_uses(name: str, before: str, after: str, findings: list[Finding]) -> set[tuple[int, str]]:
    """(line, rule) of the ``findings`` (in ``after``) that only keep what the lines they replaced used:
    in each changed block, as many lines per rule as the block's old lines hit it (the first ones)."""
    hits: dict[str, set[int]] = {}
    for finding in scan_file(name, "", before):
        hits.setdefault(finding.rule, set()).add(finding.line)
    matcher = difflib.SequenceMatcher(None, before.splitlines(), after.splitlines(), autojunk=False)
    out = set()
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag != "replace":
            continue
        for rule, rows in hits.items():
            kept = len(rows & set(range(i1 + 1, i2 + 1)))
            now = sorted({f.line for f in findings if f.rule == rule and j1 < f.line <= j2})
            out |= {(row, rule) for row in now[:kept]}
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
            found = scan_file(name, before, after)
            own = _own_uses(name, before, after, found) if old is not None and found else set()
            findings += [f for f in found if (f.line, f.rule) not in own]
    return findings[:MAX_FINDINGS]
