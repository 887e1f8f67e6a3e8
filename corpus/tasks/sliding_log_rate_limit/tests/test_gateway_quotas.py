import pytest
from gateway import Clock, Gateway
from quota_config import QuotaConfigError, describe, parse_quotas

CONFIG = """
# plan quotas
free: 3 per 60s
pro: 100 per 1m   # same window, more requests
batch: 1000 per 1h
"""


def test_quotas_are_parsed_into_seconds():
    assert parse_quotas(CONFIG) == {"free": (3, 60), "pro": (100, 60), "batch": (1000, 3600)}
    assert describe(parse_quotas("a: 1 per 2s")) == ["a: 1 requests / 2s"]


def test_a_gateway_built_from_the_config_limits_bursts():
    limit, window = parse_quotas(CONFIG)["free"]
    gw = Gateway(Clock(), limit=limit, window=window)
    assert [gw.handle("k")[0] for _ in range(4)] == [200, 200, 200, 429]


@pytest.mark.parametrize("text, message", [
    ("free 3 per 60s", "expected 'plan: N per <number><s|m|h>'"),
    ("free: 3 per 60d", "expected 'plan: N per"),
    ("free: 0 per 60s", "must be at least 1"),
    ("free: 1 per 1s\nfree: 2 per 1s", "quota line 2: plan 'free' is configured twice"),
])
def test_config_mistakes_are_explained(text, message):
    with pytest.raises(QuotaConfigError, match=message):
        parse_quotas(text)
