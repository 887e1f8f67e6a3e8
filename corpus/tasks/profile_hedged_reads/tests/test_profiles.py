import asyncio

import pytest
from cache import ProfileCache
from hedge import AllReplicasFailed
from profiles import ProfileService
from replicas import Replica

FRESH = {"u1": {"name": "Ada Lovelace", "nickname": "ada", "version": 7},
         "u2": {"name": "Grace Hopper", "nickname": "", "version": 3}}
LAGGING = {"u1": {"name": "Ada Lovelace", "nickname": "countess", "version": 6},
           "u2": {"name": "Grace Hopper", "nickname": "", "version": 3}}


async def settle():
    for _ in range(5):
        await asyncio.sleep(0)


def test_a_quick_primary_is_the_only_replica_asked():
    async def main():
        primary, secondary = Replica("a", FRESH), Replica("b", FRESH)
        service = ProfileService([primary, secondary], ProfileCache(), hedge_after_s=0.5)
        profile = await service.get("u1")
        return profile["version"], primary.reads, secondary.reads
    assert asyncio.run(main()) == (7, ["u1"], [])


def test_a_failing_primary_hands_over_at_once():
    async def main():
        primary, secondary = Replica("a", FRESH, down=True), Replica("b", FRESH)
        service = ProfileService([primary, secondary], ProfileCache(), hedge_after_s=5)
        return await asyncio.wait_for(service.display_name("u2"), 1), secondary.reads
    assert asyncio.run(main()) == ("Grace Hopper", ["u2"])


def test_every_replica_down_is_one_error():
    async def main():
        service = ProfileService([Replica("a", FRESH, down=True), Replica("b", FRESH, down=True)], ProfileCache())
        with pytest.raises(AllReplicasFailed) as info:
            await service.get("u1")
        return str(info.value), len(service.cache)
    message, cached = asyncio.run(main())
    assert message == "ReplicaDown: a is not accepting reads; ReplicaDown: b is not accepting reads"
    assert cached == 0


def test_cached_profiles_skip_the_replicas():
    async def main():
        cache = ProfileCache()
        cache.put("u1", FRESH["u1"])
        primary = Replica("a", LAGGING)
        name = await ProfileService([primary], cache).display_name("u1")
        return name, primary.reads
    assert asyncio.run(main()) == ("ada", [])


def test_cache_forgets_the_least_recently_read():
    cache = ProfileCache(capacity=2)
    cache.put("u1", FRESH["u1"])
    cache.put("u2", FRESH["u2"])
    cache.get("u1")
    cache.put("u3", {"name": "Alan Turing", "version": 1})
    assert (cache.get("u1") is not None, cache.get("u2"), len(cache)) == (True, None, 2)


def test_a_slow_primary_is_hedged_and_its_late_answer_is_dropped():
    async def main():
        gate = asyncio.Event()
        primary, secondary = Replica("a", LAGGING, gate=gate), Replica("b", FRESH)
        service = ProfileService([primary, secondary], ProfileCache(), hedge_after_s=0.01)
        first = await asyncio.wait_for(service.get("u1"), 1)
        gate.set()
        await settle()
        later = await service.display_name("u1")
        return first["version"], later, service.cache.get("u1")["version"], (primary.reads, secondary.reads)
    first, later, cached_version, reads = asyncio.run(main())
    assert first == 7
    assert reads == (["u1"], ["u1"])
    assert (later, cached_version) == ("ada", 7)


def test_several_profiles_at_once_skip_unknown_users():
    async def main():
        replica = Replica("a", FRESH)
        service = ProfileService([replica], ProfileCache())
        profiles = await service.get_many(["u2", "u9", "u1", "u2"])
        return {user: p["version"] for user, p in profiles.items()}, sorted(replica.reads)
    assert asyncio.run(main()) == ({"u2": 3, "u1": 7}, ["u1", "u2", "u9"])


def test_a_hedged_read_waits_for_the_second_replica_when_the_first_fails_late():
    async def main():
        first_fails, second_answers = asyncio.Event(), asyncio.Event()
        primary = Replica("a", FRESH, gate=first_fails, down=True)
        secondary = Replica("b", FRESH, gate=second_answers)
        service = ProfileService([primary, secondary], ProfileCache(), hedge_after_s=0.01)
        reading = asyncio.ensure_future(service.get("u1"))
        for _ in range(100):
            if secondary.reads:
                break
            await asyncio.sleep(0.01)
        first_fails.set()
        await settle()
        second_answers.set()
        return (await asyncio.wait_for(reading, 1))["version"]
    assert asyncio.run(main()) == 7
