import pytest

from photo_ops import Uploader, decode, export_name, resize_to, watermark
from pipeline import Pipeline


def build():
    uploader = Uploader()
    pipeline = Pipeline()
    pipeline.add("decode", decode)
    pipeline.add("resize", resize_to(1024))
    pipeline.add("upload", uploader)
    return pipeline, uploader


def test_photos_flow_through_every_stage():
    pipeline, uploader = build()
    pipeline.start()
    pipeline.feed(["beach:4000x3000", "icon:64x64"])
    counts = pipeline.close()
    assert counts == {"decode": 2, "resize": 2, "upload": 2}
    assert [(p["name"], p["width"], p["height"]) for p in uploader.uploaded] == [
        ("beach", 1024, 768), ("icon", 64, 64)]


def test_undecodable_input_is_reported_and_skipped():
    pipeline, uploader = build()
    pipeline.start()
    pipeline.feed(["scan:12x", "door:800x1200"])
    counts = pipeline.close()
    assert counts["upload"] == 1
    assert pipeline.stage("decode").errors == ["cannot decode 'scan:12x': expected 'name:WIDTHxHEIGHT'"]


def test_unknown_stage_names_the_known_ones():
    pipeline, _ = build()
    with pytest.raises(KeyError, match="decode, resize, upload"):
        pipeline.stage("crop")


def test_watermark_spliced_in_while_running():
    pipeline, uploader = build()
    pipeline.start()
    pipeline.feed(["early:2048x2048"])
    pipeline.insert_after("resize", "watermark", watermark("(c) Studio Nord"))
    assert pipeline.describe() == "decode -> resize -> watermark -> upload"
    pipeline.feed(["late:300x200", "later:5000x1000"])
    counts = pipeline.close()
    assert counts["upload"] == 3
    assert counts["watermark"] >= 2
    marked = {p["name"]: p["marks"] for p in uploader.uploaded}
    assert marked["late"] == ["(c) Studio Nord"] and marked["later"] == ["(c) Studio Nord"]


def test_resize_keeps_aspect_and_never_enlarges():
    resize = resize_to(1000)
    assert resize(decode("pano:8000x2000")) == {"name": "pano", "width": 1000, "height": 250, "marks": []}
    assert resize(decode("tall:900x3000"))["width"] == 300
    small = decode("tiny:20x10")
    assert resize(small) is small


def test_export_names_carry_size_and_suffix():
    assert export_name(decode("Summer Beach:1024x768")) == "summer-beach-1024x768-web.jpg"
    assert export_name({"name": "  ", "width": 1, "height": 2}, "thumb") == "untitled-1x2-thumb.jpg"
