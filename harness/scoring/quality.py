"""The ``quality`` record a trajectory carries (DESIGN.md, "Trajectory"): its dataclasses,
``to_json``/``from_json``, and the JSON schema readers (the web app's import) check it with.

    {"verified": true,
     "policy": {"version", "score", "passed", "hard_reasons": [...], "soft_reasons": [...], "features"},
     "edit_relevance": {"version", "debugger_started", "edit_relevant", "edits": [{"turn", "file", "links"}]},
     "edit_relevant": true}

Steps are named by their ``turn``. ``edit_relevant`` repeats ``edit_relevance.edit_relevant`` so
readers that only need the verdict need not know the component's shape. An optional
``review: {"edit_relevant": bool, "source": "human review"}`` (the web app adds it to exported
documents) is a person's confirmed verdict; reports prefer it to the automatic one.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import jsonschema

CRITERIA = {1: "rules_out_hypothesis", 2: "incorrect_value", 3: "failing_frame", 4: "reflected_in_edit"}

_REASON = {
    "type": "object", "required": ["rule", "message", "turns"],
    "properties": {"rule": {"type": "string"}, "message": {"type": "string"},
                   "turns": {"type": "array", "items": {"type": "integer"}},
                   "penalty": {"type": "number"}},
}
QUALITY_SCHEMA: dict = {
    "type": "object",
    "properties": {
        "verified": {"type": ["boolean", "null"]},
        "policy": {
            "type": "object", "required": ["version", "score", "passed", "hard_reasons", "soft_reasons"],
            "properties": {"version": {"type": "string", "minLength": 1},
                           "score": {"type": "number", "minimum": 0, "maximum": 1},
                           "passed": {"type": "boolean"},
                           "hard_reasons": {"type": "array", "items": _REASON},
                           "soft_reasons": {"type": "array", "items": {**_REASON, "required": [*_REASON["required"], "penalty"]}},
                           "features": {"type": "object"}},
        },
        "edit_relevance": {
            "type": "object", "required": ["version", "edit_relevant", "edits"],
            "properties": {
                "version": {"type": "string", "minLength": 1},
                "debugger_started": {"type": "boolean"},
                "edit_relevant": {"type": ["boolean", "null"]},
                "edits": {"type": "array", "items": {
                    "type": "object", "required": ["turn", "file", "links"],
                    "properties": {"turn": {"type": "integer"}, "file": {"type": "string"},
                                   "links": {"type": "array", "items": {
                                       "type": "object", "required": ["turn", "criterion", "reason"],
                                       "properties": {"turn": {"type": "integer"},
                                                      "criterion": {"enum": list(CRITERIA)},
                                                      "criterion_name": {"enum": list(CRITERIA.values())},
                                                      "reason": {"type": "string"}}}}}}},
            },
        },
        "edit_relevant": {"type": ["boolean", "null"]},
        "review": {"type": "object", "properties": {"edit_relevant": {"type": ["boolean", "null"]}}},
    },
}
_VALIDATOR = jsonschema.Draft202012Validator(QUALITY_SCHEMA)


class QualityFormatError(ValueError):
    """A quality record that does not follow the contract; the message names the field."""


def quality_problems(record) -> list[str]:
    """'field: reason' for every way ``record`` breaks the quality contract (empty when it holds)."""
    if not isinstance(record, dict):
        return ["quality: expected an object"]
    out = []
    for error in sorted(_VALIDATOR.iter_errors(record), key=lambda e: list(map(str, e.absolute_path))):
        where = "quality" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
        out.append(f"{where}: {error.message[:160]}")
    return out


@dataclass(frozen=True)
class Reason:
    """Why a trajectory lost points: a rule, a plain sentence, the turns at fault."""

    rule: str
    message: str
    turns: tuple[int, ...] = ()
    penalty: float | None = None  # soft reasons only

    def to_json(self) -> dict:
        out = {"rule": self.rule, "message": self.message, "turns": list(self.turns)}
        if self.penalty is not None:
            out["penalty"] = round(self.penalty, 4)
        return out

    @classmethod
    def from_json(cls, data: dict) -> Reason:
        return cls(data["rule"], data["message"], tuple(data.get("turns", ())), data.get("penalty"))


@dataclass(frozen=True)
class PolicyVerdict:
    version: str
    score: float
    passed: bool
    hard_reasons: tuple[Reason, ...] = ()
    soft_reasons: tuple[Reason, ...] = ()
    features: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"version": self.version, "score": round(self.score, 4), "passed": self.passed,
                "hard_reasons": [r.to_json() for r in self.hard_reasons],
                "soft_reasons": [r.to_json() for r in self.soft_reasons], "features": self.features}

    @classmethod
    def from_json(cls, data: dict) -> PolicyVerdict:
        return cls(data["version"], float(data["score"]), bool(data["passed"]),
                   tuple(Reason.from_json(r) for r in data["hard_reasons"]),
                   tuple(Reason.from_json(r) for r in data["soft_reasons"]), dict(data.get("features") or {}))


@dataclass(frozen=True)
class EditLink:
    """A proposal: the observation at ``turn`` informed the edit, by ``criterion`` (1-4)."""

    turn: int
    criterion: int
    reason: str

    @property
    def criterion_name(self) -> str:
        return CRITERIA[self.criterion]

    def to_json(self) -> dict:
        return {"turn": self.turn, "criterion": self.criterion, "criterion_name": self.criterion_name,
                "reason": self.reason}


@dataclass(frozen=True)
class EditRecord:
    turn: int
    file: str
    links: tuple[EditLink, ...] = ()
    lines: tuple[int, ...] = ()  # changed lines (before the edit), when the source was known

    def to_json(self) -> dict:
        return {"turn": self.turn, "file": self.file, "lines": list(self.lines),
                "links": [link.to_json() for link in self.links]}

    @classmethod
    def from_json(cls, data: dict) -> EditRecord:
        links = tuple(EditLink(int(x["turn"]), int(x["criterion"]), x["reason"]) for x in data["links"])
        return cls(int(data["turn"]), data["file"], links, tuple(data.get("lines", ())))


@dataclass(frozen=True)
class EditRelevanceVerdict:
    version: str
    debugger_started: bool
    edit_relevant: bool | None  # None: the debugger never started, or nothing was edited
    edits: tuple[EditRecord, ...] = ()

    def to_json(self) -> dict:
        return {"version": self.version, "debugger_started": self.debugger_started,
                "edit_relevant": self.edit_relevant, "edits": [e.to_json() for e in self.edits]}

    @classmethod
    def from_json(cls, data: dict) -> EditRelevanceVerdict:
        return cls(data["version"], bool(data.get("debugger_started")), data["edit_relevant"],
                   tuple(EditRecord.from_json(e) for e in data["edits"]))


@dataclass(frozen=True)
class Quality:
    """Every component's verdict on one trajectory; ``to_json`` is the document's ``quality`` field."""

    verified: bool | None
    policy: PolicyVerdict | None = None
    edit_relevance: EditRelevanceVerdict | None = None
    extra: dict = field(default_factory=dict)  # further components, by name

    @property
    def edit_relevant(self) -> bool | None:
        return self.edit_relevance.edit_relevant if self.edit_relevance else None

    def to_json(self) -> dict:
        out: dict = {"verified": self.verified}
        if self.policy is not None:
            out["policy"] = self.policy.to_json()
        if self.edit_relevance is not None:
            out["edit_relevance"] = self.edit_relevance.to_json()
        out["edit_relevant"] = self.edit_relevant
        out.update(self.extra)
        return out

    @classmethod
    def from_json(cls, data) -> Quality:
        """Read a stored record; raises QualityFormatError naming the field when it breaks the contract."""
        problems = quality_problems(data)
        if problems:
            raise QualityFormatError("; ".join(problems[:3]))
        known = {"verified", "policy", "edit_relevance", "edit_relevant"}
        return cls(data.get("verified"),
                   PolicyVerdict.from_json(data["policy"]) if "policy" in data else None,
                   EditRelevanceVerdict.from_json(data["edit_relevance"]) if "edit_relevance" in data else None,
                   {k: v for k, v in data.items() if k not in known})
