"""Export the registry in a Prometheus-like text format."""


def export(registry):
    lines = []
    for endpoint in registry.endpoints():
        h = registry.histogram(endpoint)
        for bound, cumulative in zip(h.bounds + ("+Inf",), h.cumulative()):
            lines.append(f'latency_bucket{{endpoint="{endpoint}",le="{bound}"}} {cumulative}')
        lines.append(f'latency_count{{endpoint="{endpoint}"}} {h.total}')
        lines.append(f'latency_sum{{endpoint="{endpoint}"}} {h.sum_ms:g}')
    return "\n".join(lines)
