"""Service-level objectives checked against the latency histograms."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Objective:
    endpoint: str
    percentile: float
    max_ms: float

    def __post_init__(self):
        if not 0 < self.percentile <= 1:
            raise ValueError(f"{self.endpoint}: percentile must be in (0, 1], got {self.percentile}")


def evaluate(registry, objectives):
    """endpoint -> 'ok' | 'breached' | 'no data'."""
    results = {}
    for objective in objectives:
        if objective.endpoint not in registry.endpoints():
            results[objective.endpoint] = "no data"
            continue
        bound = registry.histogram(objective.endpoint).percentile_bound(objective.percentile)
        results[objective.endpoint] = "ok" if bound <= objective.max_ms else "breached"
    return results


def breached(results):
    return sorted(endpoint for endpoint, verdict in results.items() if verdict == "breached")
