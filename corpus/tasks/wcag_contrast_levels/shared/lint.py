"""The design-system contrast lint: every component's text/background pair against its level."""

from dataclasses import dataclass

from contrast import contrast_ratio, passes
from palette import suggest
from tokens import resolve


@dataclass(frozen=True)
class Finding:
    component: str
    ratio: float
    suggestion: object


def lint(tree, components, level="AA"):
    """components: name -> (text token, background token, size_px, bold)."""
    values = resolve(tree)
    findings = []
    for name, (text, background, size_px, bold) in sorted(components.items()):
        fg, bg = values[text], values[background]
        if not passes(fg, bg, level, size_px, bold):
            findings.append(Finding(name, round(contrast_ratio(fg, bg), 2), suggest(fg, bg, level, size_px, bold)))
    return findings
