"""Pairs of tasks judged by hand to share a bug mechanism although their code differs (the token
check of ``corpus.similarity`` cannot see them), kept in ``corpus/mechanisms.json``.

Each pair has a verdict: ``same`` (the same mechanism in another domain: a model that learns one has
learned the other, so both stay in one split) or ``related`` (one family, a different cause to find:
no constraint). ``python -m corpus split`` places a new task beside its ``same`` sibling, and the
leakage check refuses a ``same`` pair split across heldout and the rest.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

MECHANISMS_FILE = Path(__file__).resolve().parent / "mechanisms.json"
VERDICTS = ("same", "related")


class MechanismsError(ValueError):
    """The mechanisms file is malformed; the message names the file and the entry."""


@dataclass(frozen=True)
class MechanismPair:
    first: str
    second: str
    verdict: str  # same | related
    mechanism: str  # what the two share
    note: str  # why they are kept, and what differs

    def to_dict(self) -> dict:
        return {"tasks": [self.first, self.second], "verdict": self.verdict, "mechanism": self.mechanism,
                "note": self.note}


def load_mechanism_pairs(path: str | Path = MECHANISMS_FILE) -> list[MechanismPair]:
    """The judged pairs (none when the file is absent)."""
    path = Path(path)
    if not path.is_file():
        return []
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MechanismsError(f"{path}: not valid JSON ({exc})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("pairs"), list):
        raise MechanismsError(f'{path}: expected {{"pairs": [{{"tasks": [a, b], "verdict", "mechanism", "note"}}]}}')
    pairs = []
    for i, entry in enumerate(doc["pairs"]):
        where = f"{path}: pairs[{i}]"
        if not isinstance(entry, dict):
            raise MechanismsError(f"{where}: expected an object")
        tasks = entry.get("tasks")
        if not (isinstance(tasks, list) and len(tasks) == 2 and all(isinstance(t, str) and t for t in tasks)
                and tasks[0] != tasks[1]):
            raise MechanismsError(f"{where}.tasks: expected two different task names")
        if entry.get("verdict") not in VERDICTS:
            raise MechanismsError(f"{where}.verdict: {entry.get('verdict')!r} is not one of {', '.join(VERDICTS)}")
        for key in ("mechanism", "note"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise MechanismsError(f"{where}.{key}: expected a sentence")
        pairs.append(MechanismPair(tasks[0], tasks[1], entry["verdict"], entry["mechanism"], entry["note"]))
    return pairs


def same_split_groups(pairs: list[MechanismPair]) -> list[set[str]]:
    """Tasks that must share a split: the connected groups of ``same`` pairs."""
    groups: list[set[str]] = []
    for pair in pairs:
        if pair.verdict != "same":
            continue
        touching = [g for g in groups if pair.first in g or pair.second in g]
        merged = {pair.first, pair.second}.union(*touching)
        groups = [g for g in groups if g not in touching] + [merged]
    return groups


def mechanisms_markdown(pairs: list[MechanismPair]) -> str:
    lines = ["# Tasks that share a mechanism", "",
             "Judged by hand (`corpus/mechanisms.json`): `same` pairs stay in one split, `related` pairs share a "
             "family but not the cause to find.", "",
             "| tasks | verdict | shared mechanism | judgement |", "| --- | --- | --- | --- |"]
    lines += [f"| {p.first} ~ {p.second} | {p.verdict} | {p.mechanism} | {p.note} |" for p in pairs]
    return "\n".join(lines) + "\n"
