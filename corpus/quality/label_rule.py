"""One versioned rule turns a measured divergence into a proposed preference label.

The rule is data (``label_rule.json``: a version and an ordered list of rules, the first that holds
wins), so that a threshold changes in one reviewed place and every measured label in meta.json names
the version it came from.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from corpus.quality.divergence import Divergence

RULE_PATH = Path(__file__).with_name("label_rule.json")
CONDITIONS = ("found", "shown", "min_calls", "min_files", "min_frames")


@dataclass(frozen=True)
class ProposedLabel:
    preference: str
    rule: str  # the rule's version
    why: str


@dataclass(frozen=True)
class LabelRule:
    version: str
    rules: tuple[dict, ...]

    @classmethod
    def load(cls, path: Path = RULE_PATH) -> LabelRule:
        data = json.loads(path.read_text(encoding="utf-8"))
        rules = tuple(data["rules"])
        for index, rule in enumerate(rules):
            unknown = set(rule.get("when", {})) - set(CONDITIONS)
            if unknown:
                raise ValueError(f"{path}: rules[{index}] has unknown conditions {sorted(unknown)}; "
                                 f"use {', '.join(CONDITIONS)}")
        return cls(str(data["version"]), rules)

    def propose(self, divergence: Divergence | None) -> ProposedLabel:
        for rule in self.rules:
            if _holds(rule.get("when", {}), divergence):
                return ProposedLabel(rule["label"], self.version, rule["why"])
        raise ValueError(f"label rule {self.version}: no rule matched; its last rule must have no conditions")


def _holds(when: dict, d: Divergence | None) -> bool:
    found = d is not None and d.found
    if "found" in when and when["found"] != found:
        return False
    if d is None or not found:
        return not (set(when) - {"found"})
    return ((when.get("shown") is None or when["shown"] == d.shown)
            and d.calls >= when.get("min_calls", 0) and d.files >= when.get("min_files", 0)
            and d.frames >= when.get("min_frames", 0))
