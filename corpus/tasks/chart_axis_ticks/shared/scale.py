"""Linear scales: map data values to pixel positions on a chart and back."""

from dataclasses import dataclass


class ScaleError(ValueError):
    pass


@dataclass(frozen=True)
class LinearScale:
    domain_lo: float
    domain_hi: float
    range_lo: float
    range_hi: float

    def __post_init__(self):
        if self.domain_hi == self.domain_lo:
            raise ScaleError(f"a scale needs a non-empty domain, got {self.domain_lo}..{self.domain_hi}")

    def __call__(self, value):
        fraction = (value - self.domain_lo) / (self.domain_hi - self.domain_lo)
        return self.range_lo + fraction * (self.range_hi - self.range_lo)

    def invert(self, position):
        fraction = (position - self.range_lo) / (self.range_hi - self.range_lo)
        return self.domain_lo + fraction * (self.domain_hi - self.domain_lo)


def pixel_positions(scale, values):
    """Whole-pixel positions, rounded half up so ticks do not jitter between renders."""
    return [int(scale(v) + 0.5) for v in values]


def svg_ticks(scale, positions, labels, y=0):
    if len(positions) != len(labels):
        raise ScaleError(f"{len(positions)} tick positions but {len(labels)} labels")
    return [f'<text x="{x}" y="{y}">{label}</text>' for x, label in zip(pixel_positions(scale, positions), labels)]
