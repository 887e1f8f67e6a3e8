import asyncio

from manifest import changed, checksum, removed
from mirror import ScriptedMirror
from policy import RetryPolicy
from sync import MirrorSync

FAST = RetryPolicy(budget_s=0.05, first_delay_s=0.002, max_delay_s=0.01)
FILES = {"notes.txt": b"minutes of monday", "report.csv": b"q,total\n1,20\n"}


def test_delays_double_up_to_the_cap():
    policy = RetryPolicy(budget_s=30, first_delay_s=0.5, max_delay_s=8)
    assert [policy.delay(n) for n in range(1, 7)] == [0.5, 1, 2, 4, 8, 8]


def test_manifest_tells_changed_and_removed_files():
    manifest = {"notes.txt": checksum(b"minutes of monday"), "old.txt": checksum(b"gone")}
    assert changed(FILES, manifest) == ["report.csv"]
    assert removed(FILES, manifest) == ["old.txt"]


def test_only_changed_files_are_pushed():
    async def main():
        mirror = ScriptedMirror()
        sync = MirrorSync(mirror, FAST, manifest={"notes.txt": checksum(FILES["notes.txt"])})
        return await sync.sync(FILES), mirror.calls
    assert asyncio.run(main()) == ({"report.csv": "etag-1"}, ["report.csv"])


def test_a_busy_mirror_is_tried_again():
    async def main():
        mirror = ScriptedMirror({"report.csv": ["busy", "busy", "ok"]})
        sync = MirrorSync(mirror, FAST)
        etags = await sync.sync({"report.csv": FILES["report.csv"]})
        return etags, [(path, attempt) for path, attempt, _ in sync.retries], sync.manifest
    etags, retries, manifest = asyncio.run(main())
    assert etags == {"report.csv": "etag-1"}
    assert retries == [("report.csv", 1), ("report.csv", 2)]
    assert manifest == {"report.csv": checksum(FILES["report.csv"])}


def test_a_refused_file_does_not_stop_the_others():
    async def main():
        mirror = ScriptedMirror({"notes.txt": ["denied"]})
        sync = MirrorSync(mirror, FAST)
        return await sync.sync(FILES), sync.failed, sorted(sync.manifest), mirror.calls.count("notes.txt")
    etags, failed, manifest, notes_calls = asyncio.run(main())
    assert etags == {"report.csv": "etag-1"}
    assert failed == {"notes.txt": "403 no write access to notes.txt"}
    assert (manifest, notes_calls) == (["report.csv"], 1)


def test_a_file_that_stays_busy_gives_up_within_its_budget():
    async def main():
        mirror = ScriptedMirror({"report.csv": ["busy"]})
        sync = MirrorSync(mirror, FAST)
        etags = await sync.sync(FILES)
        return etags, sync.failed, len(sync.retries), sorted(sync.manifest)
    etags, failed, retries, manifest = asyncio.run(main())
    assert etags == {"notes.txt": "etag-1"}
    assert failed["report.csv"].startswith("report.csv: still failing after ")
    assert failed["report.csv"].endswith(" attempts in 0.05s")
    # Delays of 2, 4, 8 and then 10 ms fit at most 7 pauses in 50 ms: no attempt starts after the budget.
    assert 3 <= retries <= 10
    assert manifest == ["notes.txt"]


def test_every_file_is_tried_once_even_with_no_budget():
    async def main():
        sync = MirrorSync(ScriptedMirror(), RetryPolicy(budget_s=0))
        return await sync.sync({"notes.txt": FILES["notes.txt"]})
    assert asyncio.run(main()) == {"notes.txt": "etag-1"}


def test_prune_deletes_what_is_gone_locally():
    async def main():
        mirror = ScriptedMirror({"private.txt": ["denied"]})
        manifest = {"notes.txt": checksum(FILES["notes.txt"]), "draft.txt": "aa", "private.txt": "bb"}
        sync = MirrorSync(mirror, FAST, manifest=manifest)
        deleted = await sync.prune(FILES)
        return deleted, sorted(sync.manifest), sync.failed, mirror.calls
    deleted, manifest, failed, calls = asyncio.run(main())
    assert deleted == ["draft.txt"]
    assert manifest == ["notes.txt", "private.txt"]
    assert failed == {"private.txt": "403 no delete access to private.txt"}
    assert calls == ["delete draft.txt", "delete private.txt"]
