import asyncio

import pytest
from contacts import InvalidRow, normalise
from store import Conflict, RecordStore
from unit_of_work import UnitOfWork
from uploads import UploadResult, handle_upload

ANN = {"name": "Ann  Smith", "email": "Ann@Example.org", "tags": "vip press vip"}
BOB = {"name": "Bob Jones", "email": "bob@example.org"}
CARL = {"name": "Carl Marx", "email": "carl@example.org", "tags": "lead"}
BROKEN = {"name": "Dee", "email": "dee at example"}


def test_rows_are_normalised():
    assert normalise(2, ANN) == ("c:ann@example.org", {"name": "Ann Smith", "email": "ann@example.org",
                                                        "tags": ["press", "vip"]})
    with pytest.raises(InvalidRow, match="line 7: the name is empty"):
        normalise(7, {"name": "  ", "email": "x@example.org"})


def test_a_clean_upload_is_written_in_one_go():
    async def main():
        store = RecordStore()
        result = await handle_upload(store, [ANN, BOB, CARL])
        return result, store.keys(), store.audit
    result, keys, audit = asyncio.run(main())
    assert (result.ok, result.imported, result.message) == (True, 3, "imported 3 contacts")
    assert keys == ["c:ann@example.org", "c:bob@example.org", "c:carl@example.org"]
    assert audit == [("committed", 3)]


def test_a_bad_row_rejects_the_whole_upload():
    async def main():
        store = RecordStore()
        late = await handle_upload(store, [ANN, BOB, BROKEN, CARL])
        early = await handle_upload(store, [BROKEN, ANN])
        return late, early, store.keys()
    late, early, keys = asyncio.run(main())
    assert early == UploadResult(False, 0, "nothing imported: line 2: 'dee at example' is not an email address")
    assert late.message == "nothing imported: line 4: 'dee at example' is not an email address"
    assert (late.ok, keys) == (False, [])


def test_an_edit_made_meanwhile_fails_the_upload():
    async def main():
        store = RecordStore()
        await handle_upload(store, [BOB])

        async def editor():
            await store.apply([("c:bob@example.org", 1, {"name": "Robert Jones", "email": "bob@example.org"})])

        rows = [ANN, {"name": "Bob J.", "email": "bob@example.org"}]
        _, upload = await asyncio.gather(editor(), handle_upload(store, rows))
        return upload, store.get("c:bob@example.org")["name"], store.get("c:ann@example.org")
    upload, bob_name, ann = asyncio.run(main())
    assert upload == UploadResult(
        False, 0, "nothing imported, please retry: changed by someone else meanwhile: c:bob@example.org")
    assert (bob_name, ann) == ("Robert Jones", None)


def test_a_finished_unit_of_work_refuses_more_writes():
    async def main():
        store = RecordStore()
        async with UnitOfWork(store) as uow:
            uow.put("c:bob@example.org", BOB)
        with pytest.raises(RuntimeError, match="unit of work is committed; start a new one"):
            uow.put("c:ann@example.org", ANN)
        return uow.written, store.version("c:bob@example.org")
    assert asyncio.run(main()) == (1, 1)


def test_versions_are_checked_on_apply():
    async def main():
        store = RecordStore()
        await store.apply([("k", 0, {"n": 1})])
        with pytest.raises(Conflict, match="changed by someone else meanwhile: k"):
            await store.apply([("k", 0, {"n": 2})])
        return store.get("k"), store.version("k")
    assert asyncio.run(main()) == ({"n": 1}, 1)
