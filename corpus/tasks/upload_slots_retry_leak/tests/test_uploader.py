import pytest

from multipart import describe, split
from storage import FakeStorage, Rejected, Transient
from sync_plan import fingerprint, plan_sync, run_sync
from uploader import UploadFailed, Uploader

REPORT = b"quarterly-report-2024-q1.pdf:" + bytes(range(20))


def test_split_into_parts():
    assert split(b"abcdefghij", 4) == [(1, b"abcd"), (2, b"efgh"), (3, b"ij")]
    assert split(b"", 4) == [(1, b"")]
    assert describe(split(b"abcdefghij", 4)) == "3 parts, 10 bytes, largest 4"
    with pytest.raises(ValueError):
        split(b"x", 0)


def test_upload_without_errors():
    storage = FakeStorage()
    assert Uploader(storage, part_size=8).upload("r.pdf", REPORT) == len(REPORT)
    assert storage.objects["r.pdf"] == REPORT
    assert [n for _, n in storage.calls] == [1, 2, 3, 4, 5, 6, 7]


def test_a_rejected_part_fails_the_upload():
    storage = FakeStorage({("r.pdf", 2): [Rejected("403 Forbidden")]})
    with pytest.raises(UploadFailed, match="r.pdf part 2: 403 Forbidden"):
        Uploader(storage, part_size=8).upload("r.pdf", REPORT)


def test_one_transient_error_is_retried():
    storage = FakeStorage({("r.pdf", 3): [Transient("503 Slow Down")]})
    uploader = Uploader(storage, part_size=8)
    assert uploader.upload("r.pdf", REPORT) == len(REPORT)
    assert uploader.retried == [("r.pdf", 3, 1)]


def test_persistent_transient_errors_give_up():
    storage = FakeStorage({("a.bin", 1): [Transient("503")] * 3})
    with pytest.raises(UploadFailed, match="still failing after 3 attempts"):
        Uploader(storage).upload("a.bin", b"abcd")


def test_a_day_of_uploads_with_throttling():
    failures = {("r.pdf", 2): [Transient("503 Slow Down")], ("logo.png", 1): [Transient("503 Slow Down")] * 2}
    storage = FakeStorage(failures)
    uploader = Uploader(storage, slots=2, part_size=8)
    sizes = uploader.upload_many([("r.pdf", REPORT), ("logo.png", b"\x89PNG....")])
    assert sizes == {"r.pdf": len(REPORT), "logo.png": 8}
    assert uploader.retried == [("r.pdf", 2, 1), ("logo.png", 1, 1), ("logo.png", 1, 2)]


def test_sync_plan():
    local = {"a.txt": b"alpha", "b.txt": b"bravo", "c.tmp": b"scratch", "d.txt": b"delta"}
    remote = {"a.txt": fingerprint(b"alpha"), "b.txt": fingerprint(b"old"), "z.txt": "x", "y~": "y"}
    plan = plan_sync(local, remote)
    assert (plan.upload, plan.unchanged, plan.delete) == (["b.txt", "d.txt"], ["a.txt"], [])
    assert plan_sync(local, remote, delete_extra=True).delete == ["z.txt"]
    assert plan.summary() == "2 to upload, 0 to delete, 1 unchanged"


def test_sync_run_uploads_changed_files():
    storage = FakeStorage({("d.txt", 1): [Transient("503 Slow Down")]})
    storage.objects["z.txt"] = b"zulu"
    local = {"a.txt": b"alpha", "d.txt": b"delta-delta"}
    plan, sizes = run_sync(Uploader(storage, part_size=4), storage, local, {"a.txt": fingerprint(b"alpha"),
                                                                           "z.txt": "x"}, delete_extra=True)
    assert sizes == {"d.txt": 11} and plan.delete == ["z.txt"]
    assert storage.objects == {"d.txt": b"delta-delta"}


def test_completion_needs_contiguous_parts():
    storage = FakeStorage()
    storage.put_part("k", 1, b"ab")
    storage.put_part("k", 3, b"ef")
    with pytest.raises(Rejected, match=r"parts of k are not contiguous: \[1, 3\]"):
        storage.complete("k", {1: "e1", 3: "e3"})
    assert split(b"abcdefgh", 4)[-1] == (2, b"efgh")
    assert storage.calls == [("k", 1), ("k", 3)]
    assert storage.objects == {}
