"""Design-token helpers: hex output, mixing toward black or white, and a passing-shade suggestion."""

from contrast import contrast_ratio, parse_colour, passes


def to_hex(rgb):
    return "#" + "".join(f"{max(0, min(255, round(c))):02x}" for c in rgb)


def mix(colour, target, amount):
    """``amount`` of the way from colour to target (0 keeps colour, 1 gives target)."""
    a, b = parse_colour(colour), parse_colour(target)
    return to_hex(x + (y - x) * amount for x, y in zip(a, b))


def suggest(foreground, background, level="AA", size_px=16, bold=False, steps=20):
    """The foreground itself when it passes, else the least-changed shade toward black or white that
    passes, or None. Shades are tried nearest first; on equal distance the darker one wins."""
    if passes(foreground, background, level, size_px, bold):
        return to_hex(parse_colour(foreground))
    for step in range(1, steps + 1):
        for target in ("#000000", "#ffffff"):
            shade = mix(foreground, target, step / steps)
            if passes(shade, background, level, size_px, bold):
                return shade
    return None


def audit(tokens, background):
    """Every text token with its ratio against the background, weakest first."""
    rows = [(name, round(contrast_ratio(colour, background), 2)) for name, colour in tokens.items()]
    return sorted(rows, key=lambda row: (row[1], row[0]))
