"""Parse race results: one line per player and round, "name,round,points,finish_seconds"."""

from dataclasses import dataclass


@dataclass(frozen=True)
class RoundResult:
    name: str
    round: int
    points: int
    finish_seconds: float


class ResultFormatError(ValueError):
    pass


def parse_results(text):
    results = []
    for lineno, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = [p.strip() for p in line.split(",")]
        if len(parts) != 4:
            raise ResultFormatError(f"line {lineno}: expected 4 fields, got {len(parts)}")
        name, rnd, points, finish = parts
        results.append(RoundResult(name, int(rnd), int(points), float(finish)))
    return results
