"""Applying lint fixes to a document."""

from dataclasses import dataclass


@dataclass
class FixResult:
    text: str
    applied: list
    skipped: list


def apply_fixes(source, fixes):
    """Apply every fix that still matches the text it was proposed for; a fix that overlaps one
    already applied is skipped (the next lint run will propose it again if it still applies)."""
    applied, skipped = [], []
    last_end = -1
    for fix in sorted(fixes, key=lambda f: (f.start, f.end)):
        if fix.start < last_end or source[fix.start:fix.end] != fix.original:
            skipped.append(fix)
            continue
        applied.append(fix)
        last_end = fix.end
    text = source
    # Offsets refer to the source: splice from the end so earlier offsets stay valid.
    for fix in reversed(applied):
        text = text[:fix.start] + fix.replacement + text[fix.end:]
    return FixResult(text, applied, skipped)
