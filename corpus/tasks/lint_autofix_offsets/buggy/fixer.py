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
    text = source
    applied, skipped = [], []
    for fix in sorted(fixes, key=lambda f: (f.start, f.end)):
        if text[fix.start:fix.end] != fix.original:
            skipped.append(fix)
            continue
        text = text[:fix.start] + fix.replacement + text[fix.end:]
        applied.append(fix)
    return FixResult(text, applied, skipped)
