import pytest
from byte_ranges import parse_ranges
from media_server import MediaStore, serve
from player import DownloadError, download, seek

CLIP = bytes(range(256)) * 5  # 1280 bytes


def store():
    media = MediaStore()
    media.put("intro.mp4", CLIP)
    return media


def test_whole_file_without_a_range():
    status, headers, body = serve(store(), "intro.mp4")
    assert (status, headers["content-length"], body) == (200, "1280", CLIP)
    assert serve(store(), "missing.mp4")[0] == 404
    assert headers["accept-ranges"] == "bytes"
    assert headers["content-type"] == "video/mp4"


def test_first_five_hundred_bytes():
    status, headers, body = serve(store(), "intro.mp4", {"Range": "bytes=0-499"})
    assert (status, headers["content-range"], headers["content-length"]) == (206, "bytes 0-499/1280", "500")
    assert body == CLIP[:500]


def test_open_ended_and_suffix_ranges():
    assert serve(store(), "intro.mp4", {"Range": "bytes=1000-"})[1]["content-range"] == "bytes 1000-1279/1280"
    status, headers, body = serve(store(), "intro.mp4", {"Range": "bytes=-80"})
    assert (headers["content-range"], body) == ("bytes 1200-1279/1280", CLIP[-80:])


def test_touching_ranges_are_sent_as_one_part():
    assert parse_ranges("bytes=0-99, 100-199, 50-60", 1280)[0].length == 200
    status, headers, body = serve(store(), "intro.mp4", {"Range": "bytes=0-99,100-199"})
    assert headers["content-range"] == "bytes 0-199/1280" and body == CLIP[:200]


def test_separate_ranges_come_as_multipart():
    status, headers, body = serve(store(), "intro.mp4", {"Range": "bytes=0-9,500-509"})
    assert headers["content-type"] == "multipart/byteranges; boundary=MEDIA-PARTS"
    assert body.count(b"--MEDIA-PARTS") == 3 and CLIP[500:510] in body


def test_last_byte_only():
    status, headers, body = serve(store(), "intro.mp4", {"Range": "bytes=1279-1279"})
    assert (headers["content-range"], body) == ("bytes 1279-1279/1280", CLIP[-1:])


def test_range_outside_the_file():
    status, headers, _ = serve(store(), "intro.mp4", {"Range": "bytes=5000-"})
    assert (status, headers["content-range"]) == (416, "bytes */1280")
    with pytest.raises(ValueError, match="malformed range 'x-1'"):
        parse_ranges("bytes=x-1", 100)


def test_stale_if_range_gets_the_whole_file():
    status, _, body = serve(store(), "intro.mp4", {"Range": "bytes=0-9", "If-Range": '"old"'})
    assert (status, len(body)) == (200, 1280)


def test_player_downloads_in_chunks():
    assert download(store(), "intro.mp4", chunk_size=300) == CLIP


def test_player_reports_a_missing_video():
    media = store()
    with pytest.raises(DownloadError, match="expected 206"):
        download(media, "missing.mp4", chunk_size=300)


def test_seeking_into_the_video():
    media = store()
    assert seek(media, "intro.mp4", 10, 100) == CLIP[1000:]
    assert seek(media, "intro.mp4", 13, 100) == b""
    assert serve(media, "intro.mp4")[1]["etag"] == serve(media, "intro.mp4", {"Range": "bytes=0-0"})[1]["etag"]


def test_range_edges_are_exact():
    from byte_ranges import ByteRange

    assert parse_ranges("bytes=-1", 10) == [ByteRange(9, 9)]
    assert parse_ranges("bytes=5-100", 10) == [ByteRange(5, 9)]
    assert parse_ranges("bytes=10-19", 100)[0].length == 10
    status, headers, _ = serve(store(), "intro.mp4", {"Range": "bytes=-0"})
    assert (status, headers["content-range"]) == (416, "bytes */1280")
