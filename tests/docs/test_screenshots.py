"""The screenshots page comes from the browser tests' screenshots (docs/gen/screenshots.py): a recorded
shot is copied into the docs and shown with its caption; with none, the page says how to take them;
the strict build passes either way."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PIL import Image

from docs.gen import reference, screenshots
from tests.helpers.docs_site import build

ROOT = Path(__file__).resolve().parents[2]


def take(folder, name: str, caption: str, widths=(1366, 420)) -> dict:
    """What a browser test leaves: one PNG per width and the shot's manifest."""
    folder.mkdir(parents=True, exist_ok=True)
    images = {}
    for width in widths:
        path = folder / f"{name}-{width}.png"
        Image.new("RGB", (width // 10, 90), (width % 256, 90, 160)).save(path)
        images[f"{width} px wide"] = path
    screenshots.record(name, caption, images, folder=folder)
    return images


def test_a_recorded_shot_is_copied_and_shown_with_its_caption(tmp_path):
    source, out = tmp_path / "shots", tmp_path / "reference"
    images = take(source, "queue", "The labeling queue")

    written = screenshots.write(out, source)

    text = (out / "screenshots.md").read_text()
    assert "## The labeling queue" in text
    assert "![The labeling queue, 1366 px wide](screenshots/queue-1366.png)" in text
    assert "![The labeling queue, 420 px wide](screenshots/queue-420.png)" in text
    for path in images.values():
        copy = out / "screenshots" / path.name
        assert copy in written and copy.read_bytes() == path.read_bytes()
    assert "No screenshots yet" not in text


def test_with_no_screenshots_the_page_says_how_to_take_them_and_old_copies_go(tmp_path):
    source, out = tmp_path / "shots", tmp_path / "reference"
    take(source, "review", "Reviewing an edit")
    screenshots.write(out, source)
    shutil.rmtree(source)  # a fresh clone: the browser tests never ran

    screenshots.write(out, source)

    text = (out / "screenshots.md").read_text()
    assert "No screenshots yet" in text and "tests/webapp/browser/test_labeling.py" in text
    assert "scripts/docs" in text and "![" not in text
    assert not (out / "screenshots").exists()


def test_a_shot_with_an_image_missing_is_left_out_and_the_rest_come_in_order(tmp_path):
    source, out = tmp_path / "shots", tmp_path / "reference"
    take(source, "queue", "The labeling queue")
    (take(source, "review", "Reviewing an edit")["420 px wide"]).unlink()  # a test stopped mid-shot

    screenshots.write(out, source)

    take(source, "another", "A page of some other test")
    take(source, "queue-keys", "The keys")

    assert [shot.name for shot in screenshots.shots(source)] == ["queue", "queue-keys", "another"]
    assert "Reviewing an edit" not in (out / "screenshots.md").read_text()


@pytest.mark.slow
@pytest.mark.parametrize("taken", [True, False], ids=["screenshots", "none yet"])
def test_the_strict_build_passes_with_and_without_screenshots(tmp_path, taken):
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("reference"))
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    shutil.copytree(ROOT / "bench" / "results", tmp_path / "bench" / "results")  # the pages include them
    source = tmp_path / "shots"
    if taken:
        take(source, "queue", "The labeling queue")
    reference.write(tmp_path / "docs" / "reference")
    screenshots.write(tmp_path / "docs" / "reference", source)  # this test's shots, not build/screenshots'

    result = build(tmp_path / "mkdocs.yml", tmp_path / "site")

    assert result.returncode == 0, result.stdout + result.stderr
    page = (tmp_path / "site" / "reference" / "screenshots.html").read_text()
    assert ('src="screenshots/queue-1366.png"' in page) is taken
    assert (tmp_path / "site" / "reference" / "screenshots" / "queue-420.png").is_file() is taken
    assert ("No screenshots yet" in page) is not taken
