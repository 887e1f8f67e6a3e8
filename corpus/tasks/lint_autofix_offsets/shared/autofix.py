"""`lint --fix`: apply the fixes, lint again, and report what is left."""

from collections import Counter
from dataclasses import dataclass

from fixer import apply_fixes
from rules import lint

MAX_PASSES = 3


@dataclass
class Report:
    text: str
    fixed: Counter
    remaining: list
    passes: int


def autofix(source):
    """Up to MAX_PASSES rounds of lint + fix; stops early once a round changes nothing."""
    text, fixed, passes = source, Counter(), 0
    for passes in range(1, MAX_PASSES + 1):
        fixes = lint(text)
        if not fixes:
            break
        result = apply_fixes(text, fixes)
        fixed.update(f.rule for f in result.applied)
        if result.text == text:
            break
        text = result.text
    return Report(text, fixed, lint(text), passes)


def summary(report):
    parts = [f"{n} {rule}" for rule, n in sorted(report.fixed.items())]
    line = "fixed " + (", ".join(parts) if parts else "nothing")
    if report.remaining:
        line += f"; {len(report.remaining)} problem(s) left"
    return line
