import pytest
from manifest import ManifestMismatch, manifest_for, verify
from uploader import StorageServer, upload


def test_manifest_counts_chunks():
    assert manifest_for("a", b"x" * 2500, 1000).chunk_count == 3
    assert manifest_for("b", b"x" * 3000, 1000).chunk_count == 3


def test_published_upload_matches_its_manifest():
    payload = b"0123456789" * 300
    server = StorageServer()
    upload(server, "digits.txt", payload, chunk_size=1000)
    assert verify(manifest_for("digits.txt", payload, 1000), server.published["digits.txt"])


def test_tampered_or_truncated_content_is_detected():
    m = manifest_for("f", b"abcdef", 2)
    with pytest.raises(ManifestMismatch, match="expected 6 bytes, got 5"):
        verify(m, b"abcde")
    with pytest.raises(ManifestMismatch, match="content hash differs"):
        verify(m, b"abcdeX")
