"""Per-plan rate limits from the gateway config: "plan: N per Ws" lines, e.g. "free: 3 per 60s"."""

import re

LINE = re.compile(r"^(?P<plan>[a-z][a-z0-9_-]*)\s*:\s*(?P<limit>\d+)\s+per\s+(?P<window>\d+)\s*(?P<unit>[smh])$")
UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600}


class QuotaConfigError(ValueError):
    pass


def parse_quotas(text):
    """plan -> (limit, window in seconds)."""
    quotas = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        match = LINE.match(line)
        if not match:
            raise QuotaConfigError(f"quota line {lineno}: expected 'plan: N per <number><s|m|h>', got {raw.strip()!r}")
        plan = match["plan"]
        if plan in quotas:
            raise QuotaConfigError(f"quota line {lineno}: plan {plan!r} is configured twice")
        limit, window = int(match["limit"]), int(match["window"]) * UNIT_SECONDS[match["unit"]]
        if limit < 1 or window < 1:
            raise QuotaConfigError(f"quota line {lineno}: limit and window must be at least 1")
        quotas[plan] = (limit, window)
    return quotas


def describe(quotas):
    return [f"{plan}: {limit} requests / {window}s" for plan, (limit, window) in sorted(quotas.items())]
