import pytest
from exporter import export
from histogram import Histogram
from registry import Registry


def test_each_endpoint_keeps_its_own_buckets():
    reg = Registry()
    for ms in (5, 20, 700):
        reg.record("/search", ms)
    reg.record("/health", 1)
    assert reg.histogram("/health").cumulative() == [1, 1, 1, 1, 1]
    assert reg.histogram("/search").cumulative() == [1, 2, 2, 2, 3]


def test_percentile_bounds():
    h = Histogram("/api")
    for ms in [3] * 90 + [80] * 9 + [900]:
        h.observe(ms)
    assert h.percentile_bound(0.5) == 10
    every_bound = Histogram("/bounds")
    for ms in (50, 51, 500, 501):
        every_bound.observe(ms)
    assert every_bound.cumulative() == [0, 1, 2, 3, 4]
    assert h.percentile_bound(0.99) == 100
    assert h.percentile_bound(1.0) == float("inf")


def test_bucket_bounds_are_inclusive():
    h = Histogram("/edge")
    h.observe(10)
    h.observe(10.5)
    assert h.percentile_bound(0.5) == 10


def test_export_format():
    reg = Registry()
    reg.record("/a", 42)
    reg.record("/a", 120)
    text = export(reg).splitlines()
    assert text[0] == 'latency_bucket{endpoint="/a",le="10"} 0'
    assert text[4] == 'latency_bucket{endpoint="/a",le="+Inf"} 2'
    assert text[-2:] == ['latency_count{endpoint="/a"} 2', 'latency_sum{endpoint="/a"} 162']


def test_negative_latency_is_refused():
    with pytest.raises(ValueError, match="/x: latency cannot be negative"):
        Histogram("/x").observe(-1)
    assert Registry().histogram("/new").percentile_bound(0.5) is None
