"""Where the tiny-cpu config looks for the tiny model, and installing it there: never half-written, never
replaced unless asked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from training.config.load import CONFIGS_DIR
from training.tiny import install_tiny_model, tiny_model_path


def test_the_tiny_model_path_is_the_one_the_tiny_config_names():
    assert tiny_model_path() == Path("models/tiny-qwen2")
    assert "  path: models/tiny-qwen2\n" in (CONFIGS_DIR / "tiny-cpu.yaml").read_text()


@pytest.mark.slow
def test_install_builds_beside_the_folder_refuses_an_existing_one_and_replaces_it_when_asked(tmp_path):
    out = tmp_path / "models" / "tiny-qwen2"

    assert install_tiny_model(out) == out
    config = json.loads((out / "config.json").read_text())
    assert config["model_type"] == "qwen2" and (out / "tokenizer.json").is_file()
    assert sorted(p.name for p in out.parent.iterdir()) == ["tiny-qwen2"]  # the staging folder is gone

    (out / "note.txt").write_text("mine")
    with pytest.raises(FileExistsError, match="already exists; nothing was written"):
        install_tiny_model(out)
    assert (out / "note.txt").is_file()

    install_tiny_model(out, replace=True)
    assert not (out / "note.txt").exists() and (out / "config.json").is_file()
    assert sorted(p.name for p in out.parent.iterdir()) == ["tiny-qwen2"]


def test_a_failed_build_leaves_nothing_that_looks_like_a_model(tmp_path, monkeypatch):
    import training.tiny

    def broken(folder, **options):
        (Path(folder) / "config.json").write_text("{}")  # as far as a crash mid-way gets
        raise RuntimeError("out of disk")

    monkeypatch.setattr(training.tiny, "build_tiny_model", broken)
    out = tmp_path / "models" / "tiny-qwen2"
    with pytest.raises(RuntimeError, match="out of disk"):
        install_tiny_model(out)
    assert list(out.parent.iterdir()) == []
