import pytest
from registry import Registry
from slo import Objective, breached, evaluate


def test_a_fast_endpoint_meets_its_objective_next_to_a_slow_one():
    reg = Registry()
    for ms in [5] * 95 + [30] * 5:
        reg.record("/health", ms)
    for ms in [400] * 50 + [2000] * 50:
        reg.record("/export", ms)
    results = evaluate(reg, [Objective("/health", 0.95, 10), Objective("/export", 0.5, 500),
                             Objective("/login", 0.9, 100)])
    assert results == {"/health": "ok", "/export": "ok", "/login": "no data"}


def test_breaches_are_listed():
    reg = Registry()
    for ms in (80, 90, 600):
        reg.record("/pay", ms)
    assert breached(evaluate(reg, [Objective("/pay", 0.99, 100)])) == ["/pay"]


def test_objective_percentile_is_checked():
    with pytest.raises(ValueError, match="percentile must be in \\(0, 1\\]"):
        Objective("/x", 95, 100)
