"""A demonstrations folder: verified episodes people played by hand (the web app's live sessions), laid
out as the generators lay out theirs, so ``export_sft`` takes it beside rollouts and microskills.

    OUT/generation.json        {"kind": "demonstrations", "settings": {}, "created_at": ...}
    OUT/accepted/<id>.json     one trajectory each, with its ``sft`` block (source "demonstration")

Only documents played by a person (``policy.kind == "human"``) that pass the rules a rollout is kept by
(verified, ended with done, pdb_policy passed) are written; the others are returned with the reason and
counted in the manifest, never written. Writing again into the same folder replaces its documents.
"""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from harness.trajectory import Trajectory, now_iso, write_document
from training.datagen.folder import MANIFEST
from training.datagen.metadata import debugger_tools_used, policy_verdict, with_sft
from training.errors import TrainingError
from training.rollouts.selection import judge_candidate

KIND = "demonstrations"


class DemonstrationsError(TrainingError, ValueError):
    """The folder cannot be written; the message says what to do."""


@dataclass
class DemonstrationsResult:
    out: Path
    written: list[str] = field(default_factory=list)  # episode ids
    skipped: list[str] = field(default_factory=list)  # "episode id: why"


def skip_reason(trajectory: Trajectory) -> str | None:
    """Why a document is not a demonstration: not played by a person, or kept out by the rules a rollout
    is judged by (ended with done, verified, an unflagged patch, passing pdb_policy)."""
    if trajectory.policy.get("kind") != "human":
        return "not played by a person (policy.kind is not human)"
    if not trajectory.result.verified:
        return "not verified: the verifier did not find the bug fixed"
    verdict = judge_candidate(trajectory, attempt=1, teacher="human", path="", leak=None)
    if not verdict.passed:
        return "kept out by the rollout rules: " + "; ".join(verdict.details)
    return None


def demonstration_block(trajectory: Trajectory) -> dict:
    policy = policy_verdict(trajectory)
    person = (trajectory.policy.get("params") or {}).get("person") or ""
    return {"source": "demonstration", "skill": None, "teacher": f"human:{person}" if person else "human",
            "quality_score": policy.score if policy else None, "policy_version": policy.version if policy else None,
            "preference": trajectory.extra.get("preference"),
            "debugger_tools_used": debugger_tools_used(trajectory)}


def _check_out(out: Path) -> None:
    manifest = out / MANIFEST
    if manifest.is_file():
        try:
            kind = json.loads(manifest.read_text(encoding="utf-8")).get("kind")
        except (json.JSONDecodeError, UnicodeDecodeError, AttributeError):
            kind = None
        if kind != KIND:
            raise DemonstrationsError(f"{out} holds a {kind!r} folder, not demonstrations; give another --out")
    elif out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise DemonstrationsError(f"{out} is not empty and holds no {MANIFEST}; give an empty or new --out")


def write_demonstrations(trajectories: Iterable[Trajectory], out: str | Path) -> DemonstrationsResult:
    out = Path(out)
    _check_out(out)
    result = DemonstrationsResult(out)
    accepted = out / "accepted"
    if accepted.exists():
        shutil.rmtree(accepted)
    accepted.mkdir(parents=True)
    for trajectory in trajectories:
        reason = skip_reason(trajectory)
        episode_id = trajectory.episode_id or "?"
        if reason:
            result.skipped.append(f"{episode_id}: {reason}")
            continue
        name = re.sub(r"[^A-Za-z0-9_.-]", "_", episode_id)[:200]
        demonstration = with_sft(trajectory, demonstration_block(trajectory))
        write_document(demonstration.to_json(check=False), accepted / f"{name}.json")
        result.written.append(episode_id)
    (out / MANIFEST).write_text(json.dumps({"kind": KIND, "settings": {}, "created_at": now_iso(),
                                            "documents": len(result.written), "left_out": len(result.skipped),
                                            "left_out_reasons": result.skipped[:50]}, indent=2) + "\n", encoding="utf-8")
    return result
