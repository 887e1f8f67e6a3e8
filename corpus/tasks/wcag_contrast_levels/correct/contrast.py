"""Colour contrast as WCAG 2.x defines it, for the design-system linter.

relative luminance L = 0.2126 R + 0.7152 G + 0.0722 B over linearised sRGB channels, where a
channel c in 0..1 is c / 12.92 when c <= 0.04045, else ((c + 0.055) / 1.055) ** 2.4;
contrast = (L_lighter + 0.05) / (L_darker + 0.05), from 1 to 21.
Large text is at least 24px, or at least 18.66px when bold.
"""

import re

LUMA = (0.2126, 0.7152, 0.0722)
THRESHOLDS = {("AA", False): 4.5, ("AA", True): 3.0, ("AAA", False): 7.0, ("AAA", True): 4.5}
RGB_CALL = re.compile(r"^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$")


class ColourError(ValueError):
    pass


def parse_colour(text):
    """'#1a2b3c', '#abc' or 'rgb(26, 43, 60)' -> (r, g, b) in 0..255."""
    text = text.strip().lower()
    match = RGB_CALL.match(text)
    if match:
        channels = tuple(int(v) for v in match.groups())
        if any(v > 255 for v in channels):
            raise ColourError(f"{text!r}: rgb() channels go from 0 to 255")
        return channels
    digits = text.removeprefix("#")
    if not re.fullmatch(r"[0-9a-f]{3}|[0-9a-f]{6}", digits):
        raise ColourError(f"{text!r} is not a colour like #1a2b3c, #abc or rgb(26, 43, 60)")
    if len(digits) == 3:
        return tuple(int(ch, 16) * 17 for ch in digits)
    return tuple(int(digits[i:i + 2], 16) for i in (0, 2, 4))


def linearise(channel):
    c = channel / 255
    if c <= 0.04045:
        return c / 12.92
    return ((c + 0.055) / 1.055) ** 2.4


def luminance(colour):
    rgb = parse_colour(colour) if isinstance(colour, str) else colour
    return sum(weight * linearise(c) for weight, c in zip(LUMA, rgb))


def contrast_ratio(foreground, background):
    a, b = luminance(foreground), luminance(background)
    lighter, darker = max(a, b), min(a, b)
    return (lighter + 0.05) / (darker + 0.05)


def is_large(size_px, bold=False):
    return size_px >= 24 or (bold and size_px >= 18.66)


def passes(foreground, background, level="AA", size_px=16, bold=False):
    if level not in ("AA", "AAA"):
        raise ValueError(f"level must be 'AA' or 'AAA', got {level!r}")
    return contrast_ratio(foreground, background) >= THRESHOLDS[(level, is_large(size_px, bold))]
