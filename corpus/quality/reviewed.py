"""Surviving fix variants reviewed by hand: a generated mutant or lone hunk that a task's tests let through,
read and found to be no wrong fix, with the reason.

A variant survives when every test passes with it. Most survivors are gaps in the tests (and the task's
tests are strengthened until they kill it); a few are equivalent for every caller — a boundary the
program never reaches with equal values, a hunk that is a whole fix on its own while the others only
tidy up. Those are recorded in ``reviewed_survivors.json`` (task -> entries with the variant's kind,
file and description, exactly as ``corpus quality`` prints them, and why no caller can tell it from the
fix), and the quality measure stops counting them as defects. The file is data for every task alike;
an entry that no longer matches a generated variant is stale and fails its test.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

REVIEWED_PATH = Path(__file__).with_name("reviewed_survivors.json")
REVIEWABLE_KINDS = ("partial", "mutant", "wrong_fix")
MIN_WHY = 30  # characters: a reason, not a shrug


@dataclass(frozen=True)
class Review:
    task: str
    kind: str
    file: str
    description: str
    why: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.task, self.kind, self.file, self.description)


def load_reviews(path: Path = REVIEWED_PATH) -> dict[tuple[str, str, str, str], Review]:
    """Every reviewed survivor by (task, kind, file, description); a malformed entry is a ValueError that
    names it."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    out: dict[tuple[str, str, str, str], Review] = {}
    for task, entries in raw.get("tasks", {}).items():
        for number, entry in enumerate(entries):
            where = f"{path.name}: {task}[{number}]"
            missing = [k for k in ("kind", "file", "description", "why") if not isinstance(entry.get(k), str)]
            if missing:
                raise ValueError(f"{where} lacks {', '.join(missing)}")
            if entry["kind"] not in REVIEWABLE_KINDS:
                raise ValueError(f"{where}: kind {entry['kind']!r} is not one of {', '.join(REVIEWABLE_KINDS)} "
                                 "(an equivalent rewrite the tests reject is fixed in the tests, never excused)")
            if len(entry["why"].strip()) < MIN_WHY:
                raise ValueError(f"{where}: say why no caller can tell this variant from the fix")
            review = Review(task, entry["kind"], entry["file"], entry["description"], entry["why"].strip())
            if review.key in out:
                raise ValueError(f"{where} repeats an earlier entry")
            out[review.key] = review
    return out


def review_reason(reviews: dict[tuple[str, str, str, str], Review], task: str, kind: str, file: str,
                  description: str) -> str:
    """Why a surviving variant is no wrong fix, or '' when nobody has said so."""
    review = reviews.get((task, kind, file, description))
    return review.why if review else ""
