"""Cycle counts: staff count bins by hand; the differences become journalled corrections."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Discrepancy:
    bin_id: str
    expected: int
    counted: int

    @property
    def delta(self):
        return self.counted - self.expected


def discrepancies(registry, counts):
    found = []
    for bin_id, counted in sorted(counts.items()):
        if not isinstance(counted, int) or counted < 0:
            raise ValueError(f"count for bin {bin_id!r} must be a whole number of units, got {counted!r}")
        expected = registry.level(bin_id)
        if counted != expected:
            found.append(Discrepancy(bin_id, expected, counted))
    return found


async def apply_counts(registry, counts, review_over=10):
    """Correct small differences at once; larger ones wait for a supervisor. Returns (applied, held)."""
    applied, held = [], []
    for discrepancy in discrepancies(registry, counts):
        if abs(discrepancy.delta) > review_over:
            held.append(discrepancy)
            continue
        await registry.adjust(discrepancy.bin_id, discrepancy.delta, "cycle count")
        applied.append(discrepancy.bin_id)
    return applied, held
