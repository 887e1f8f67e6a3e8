"""Training configs for tests that launch training jobs without a model folder."""

from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]


def tiny_config(**grpo_sandbox) -> str:
    """The shipped tiny CPU config as YAML text, naming a hub model (no folder needed to check it), with
    ``grpo.sandbox`` updated by the keywords."""
    document = yaml.safe_load((ROOT / "training/configs/tiny-cpu.yaml").read_text(encoding="utf-8"))
    document["model"] = {"hub": "org/tiny"}
    document["grpo"]["sandbox"].update(grpo_sandbox)
    return yaml.safe_dump(document)
