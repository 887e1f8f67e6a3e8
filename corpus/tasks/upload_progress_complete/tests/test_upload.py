import pytest
from chunking import chunks
from job import UploadJob
from uploader import StorageServer, upload


def test_a_twelve_chunk_upload_is_published():
    server = StorageServer()
    payload = bytes(range(256)) * 48  # 12 KiB
    job = upload(server, "photo.raw", payload)
    assert job.state == "done"
    assert server.published["photo.raw"] == payload


def test_a_small_upload_in_one_chunk():
    server = StorageServer()
    job = upload(server, "note.txt", b"hello")
    assert (job.state, job.percent_label()) == ("done", "100%")
    assert server.published == {"note.txt": b"hello"}


def test_progress_labels_while_uploading():
    log = []
    upload(StorageServer(), "a.bin", b"x" * 4000, chunk_size=1000, progress_log=log)
    assert log == ["25%", "50%", "75%", "100%"]


def test_uneven_last_chunk():
    assert [len(c) for c in chunks(b"x" * 2500, 1000)] == [1000, 1000, 500]
    server = StorageServer()
    assert upload(server, "b.bin", b"y" * 2500, chunk_size=1000).state == "done"


def test_misuse_is_reported():
    with pytest.raises(ValueError, match="nothing to upload"):
        UploadJob("empty", 0)
    with pytest.raises(ValueError, match="at least 1 byte"):
        chunks(b"abc", 0)
    job = UploadJob("j", 3)
    job.chunk_sent(3)
    with pytest.raises(RuntimeError, match="chunk sent after the upload finished"):
        job.chunk_sent(1)


def test_progress_counts_every_byte_exactly():
    job = UploadJob("c.bin", 3)
    job.chunk_sent(1)
    assert (job.progress, job.state) == (100 / 3, "uploading")
    job.chunk_sent(1)
    assert (job.progress, job.state) == (200 / 3, "uploading")
