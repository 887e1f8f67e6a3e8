import pytest
from balancer import Balancer, Network, ServiceUnavailable
from clock import ManualClock
from discovery import Discovery
from registry import LookupTimeout, Registry, UnknownService

OLD = ["10.0.0.1", "10.0.0.2"]
NEW = ["10.0.1.5"]


def make_setup(up_hosts=OLD):
    clock = ManualClock()
    registry = Registry(clock, {"payments": OLD, "search": ["10.0.2.9"]}, ttl_s=300)
    discovery = Discovery(registry, clock, retry_s=5)
    return Balancer(discovery, Network(up_hosts)), discovery, registry, clock


def test_answers_are_cached_for_their_ttl():
    balancer, discovery, registry, clock = make_setup()
    assert discovery.resolve("payments") == OLD
    clock.advance(299)
    assert discovery.resolve("payments") == OLD
    assert (registry.lookups, discovery.status("payments")) == (1, "fresh")
    clock.advance(1)
    discovery.resolve("payments")
    assert registry.lookups == 2


def test_calls_go_round_robin_and_skip_dead_hosts():
    balancer, discovery, registry, clock = make_setup(up_hosts=["10.0.0.2"])
    assert [balancer.call("payments", "/charge") for _ in range(2)] == ["200 from 10.0.0.2"] * 2
    assert [address for address, _ in balancer.network.calls] == ["10.0.0.1", "10.0.0.2"] * 2


def test_unknown_services_and_a_registry_that_never_answered():
    balancer, discovery, registry, clock = make_setup()
    with pytest.raises(UnknownService):
        discovery.resolve("billing")
    registry.down_between(0, 10)
    with pytest.raises(LookupTimeout):
        discovery.resolve("search")
    assert discovery.status("search") == "unknown"


def test_a_moved_service_is_found_after_the_ttl():
    balancer, discovery, registry, clock = make_setup(up_hosts=OLD + NEW)
    balancer.call("payments", "/charge")
    registry.move("payments", NEW)
    clock.advance(300)
    assert balancer.call("payments", "/charge") == "200 from 10.0.1.5"


def test_a_registry_outage_serves_the_old_addresses():
    balancer, discovery, registry, clock = make_setup()
    discovery.resolve("payments")
    registry.down_between(300, 310)
    clock.advance(300)
    assert discovery.resolve("payments") == OLD
    assert discovery.stale_served == 1


def test_after_a_short_outage_the_new_addresses_arrive_soon():
    balancer, discovery, registry, clock = make_setup(up_hosts=NEW)
    discovery.resolve("payments")
    registry.move("payments", NEW)
    registry.down_between(300, 302)
    clock.advance(300)
    assert discovery.resolve("payments") == OLD
    during_outage = discovery.status("payments")
    clock.advance(10)
    assert balancer.call("payments", "/charge") == "200 from 10.0.1.5"
    assert (during_outage, discovery.status("payments")) == ("stale (registry unreachable)", "fresh")


def test_during_an_outage_the_registry_is_asked_again_only_after_retry_s():
    balancer, discovery, registry, clock = make_setup()
    clock.advance(1000)
    discovery.resolve("payments")
    registry.down_between(1300, 1310)
    clock.advance(299)
    assert (discovery.resolve("payments"), registry.lookups) == (OLD, 1)
    clock.advance(1)
    assert (discovery.resolve("payments"), registry.lookups) == (OLD, 2)
    clock.advance(4)
    assert (discovery.resolve("payments"), registry.lookups) == (OLD, 2)
    clock.advance(1)
    assert discovery.status("payments") == "expired"
    assert (discovery.resolve("payments"), registry.lookups, discovery.stale_served) == (OLD, 3, 2)
