import asyncio

import pytest
from images import RenderError, scaled
from service import ThumbnailService
from store import Thumbnail, ThumbnailStore

ORIGINALS = {"cat": (4000, 3000), "dog": (1200, 1600), "logo": (300, 100), "map": (2048, 2048)}


def run(scenario, **options):
    async def main():
        service = ThumbnailService(ORIGINALS, **options).start()
        try:
            return await scenario(service)
        finally:
            await service.stop()
    return asyncio.run(main())


def test_scaling_keeps_the_aspect_ratio_and_never_enlarges():
    assert scaled(4000, 3000, 512) == (512, 384)
    assert scaled(1200, 1600, 128) == (96, 128)
    assert scaled(300, 100, 512) == (300, 100)
    with pytest.raises(RenderError, match="no pixels"):
        scaled(0, 10, 128)


def test_every_configured_size_is_rendered():
    async def scenario(service):
        service.request("cat", 1)
        return await service.settled()
    assert run(scenario) == {("cat", 128): (1, 128, 96), ("cat", 512): (1, 512, 384)}


def test_a_missing_original_is_reported_not_fatal():
    async def scenario(service):
        service.request("ghost", 1, sizes=[128])
        service.request("logo", 3, sizes=[128])
        snapshot = await service.settled()
        return snapshot, service.worker.failures
    snapshot, failures = run(scenario)
    assert snapshot == {("logo", 128): (3, 128, 43)}
    assert failures == {("ghost", 128): "no original for 'ghost'"}


def test_big_uploads_are_cut_into_batches():
    async def scenario(service):
        for image_id in ("cat", "dog", "logo", "map"):
            service.request(image_id, 1)
        snapshot = await service.settled()
        return len(snapshot), service.worker.batches, service.store.renders
    assert run(scenario, max_batch=3) == (8, [3, 3, 2], 8)


def test_waves_of_uploads_settle_one_after_another():
    async def scenario(service):
        service.request("map", 1, sizes=[512])
        first = await service.settled()
        service.request("dog", 2, sizes=[512])
        second = await service.settled()
        return first, second
    first, second = run(scenario)
    assert first == {("map", 512): (1, 512, 512)}
    assert second == {("dog", 512): (2, 384, 512), ("map", 512): (1, 512, 512)}


def test_store_keeps_the_newest_version():
    store = ThumbnailStore()
    store.put(Thumbnail("cat", 128, 2, 128, 96))
    store.put(Thumbnail("cat", 128, 1, 128, 96))
    assert store.snapshot() == {("cat", 128): (2, 128, 96)}
    assert store.renders == 2


def test_repeated_requests_render_once_at_the_newest_version():
    async def scenario(service):
        service.request("dog", 1)
        service.request("dog", 2)
        service.request("dog", 2, sizes=[128], requester="gallery")
        snapshot = await service.settled()
        return snapshot, service.store.renders, service.worker.batches
    snapshot, renders, batches = run(scenario)
    assert snapshot == {("dog", 128): (2, 96, 128), ("dog", 512): (2, 384, 512)}
    assert (renders, batches) == (2, [2])
