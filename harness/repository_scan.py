"""The patch scan (``harness.patch_scan``) over what the model changed in a repository task: every Python
file it changed or added, against the file at the buggy commit, and every native module it added.

A real project's verification runs with no audit hook (docs/harness/verification.md), so the scan is
what refuses code forged to pass for shipped or library code (``compile()`` under the package file's
name, ``code.replace``, ``FunctionType``), a module's names rebound from outside (``sys.modules``,
``pkg.mod.Class = Fake``) and the other rules a small task's patch is held to. Only the model's lines
count, as for a small task; and a block of changed lines may hit a rule on as many lines as the lines
it replaced did (the project's own use, edited: PySnooper's tracer reads ``frame.f_locals``, and its
fixes change those lines), never on more. An item written into or deleted from a container the file
already writes items of (tornado's ``IOLoop._ioloop_for_asyncio[loop]``, kept in another module's class)
is the project's own bookkeeping too, on added lines as well: the container's own rebinding, any other
container and ``setattr`` stay findings. A native module (``.so``) is code no rule can read: always a finding.
"""

from __future__ import annotations

import ast
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


def _writes(text: str) -> dict[int, set[str]]:
    """Per line, what its assignments and ``del``s write: ``C[]`` for an item of the container ``C``
    (``IOLoop._map[loop]`` gives ``IOLoop._map[]``), the target's code otherwise, ``setattr()`` for a
    ``setattr``/``delattr`` call. Empty for a file that does not parse."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return {}
    out: dict[int, set[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute) \
                and getattr(node.func, "id", getattr(node.func, "attr", None)) in ("setattr", "delattr"):
            out.setdefault(node.lineno, set()).add("setattr()")
        targets: list[ast.expr] = list(node.targets) if isinstance(node, ast.Assign | ast.Delete) else \
            [node.target] if isinstance(node, ast.AugAssign | ast.AnnAssign) else []
        while targets:
            target = targets.pop()
            if isinstance(target, ast.Tuple | ast.List):
                targets += target.elts
            elif isinstance(target, ast.Starred):
                targets.append(target.value)
            elif not isinstance(target, ast.Name):
                written = ast.unparse(target.value) + "[]" if isinstance(target, ast.Subscript) else ast.unparse(target)
                out.setdefault(target.lineno, set()).add(written)
    return out


def _own_containers(before: str, after: str, findings: list[Finding]) -> set[tuple[int, str]]:
    """(line, "rebinding") of the ``findings`` whose every write is an item of a container ``before``
    already wrote items of."""
    kept = {w for ws in _writes(before).values() for w in ws if w.endswith("[]")}
    now = _writes(after)
    return {(f.line, f.rule) for f in findings
            if f.rule == "rebinding" and now.get(f.line) and now[f.line] <= kept}


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
            own = _own_uses(name, before, after, found) | _own_containers(before, after, found) \
                if old is not None and found else set()
            findings += [f for f in found if (f.line, f.rule) not in own]
    return findings[:MAX_FINDINGS]
