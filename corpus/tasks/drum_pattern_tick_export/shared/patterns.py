"""Drum patterns as musicians type them: one track per line, 'name: x...x...', one char per step."""

from dataclasses import dataclass


class PatternError(ValueError):
    pass


@dataclass(frozen=True)
class Pattern:
    tracks: dict  # name -> tuple of step indexes with a hit
    steps: int


def parse_pattern(text):
    tracks, steps = {}, None
    for number, line in enumerate(text.strip().splitlines(), 1):
        name, sep, cells = line.partition(":")
        cells = cells.strip().replace(" ", "")
        if not sep or not name.strip() or not cells:
            raise PatternError(f"line {number}: expected 'name: x...x...'")
        if set(cells) - {"x", "."}:
            raise PatternError(f"line {number}: use only 'x' (hit) and '.' (rest)")
        if steps is not None and len(cells) != steps:
            raise PatternError(f"line {number}: {len(cells)} steps, earlier tracks have {steps}")
        steps = len(cells)
        tracks[name.strip()] = tuple(i for i, c in enumerate(cells) if c == "x")
    return Pattern(tracks, steps or 0)


def render_pattern(pattern):
    width = max(map(len, pattern.tracks), default=0)
    lines = []
    for name, hits in pattern.tracks.items():
        cells = "".join("x" if i in hits else "." for i in range(pattern.steps))
        lines.append(f"{name.ljust(width)}: {cells}")
    return "\n".join(lines)
