"""The typed ``quality`` record a trajectory carries (DESIGN.md, "Trajectory"): each component's verdict
as a dataclass with ``to_json``/``from_json``. Standard library only; its JSON schema and the strict
reader are scoring's (``harness.scoring.quality``).

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

CRITERIA = {1: "rules_out_hypothesis", 2: "incorrect_value", 3: "failing_frame", 4: "reflected_in_edit"}


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
        return cls(str(data["version"]), float(data["score"]), bool(data.get("passed")),
                   tuple(Reason.from_json(r) for r in data.get("hard_reasons") or ()),
                   tuple(Reason.from_json(r) for r in data.get("soft_reasons") or ()), dict(data.get("features") or {}))


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
class Review:
    """A person's confirmed verdict (the web app adds it to exported documents); reports prefer it."""

    edit_relevant: bool | None
    source: str | None = None

    def to_json(self) -> dict:
        out: dict = {"edit_relevant": self.edit_relevant}
        if self.source is not None:
            out["source"] = self.source
        return out


@dataclass(frozen=True)
class Quality:
    """Every component's verdict on one trajectory; ``to_json`` is the document's ``quality`` field."""

    verified: bool | None
    policy: PolicyVerdict | None = None
    edit_relevance: EditRelevanceVerdict | None = None
    extra: dict = field(default_factory=dict)  # further components, by name
    review: Review | None = None

    @property
    def edit_relevant(self) -> bool | None:
        """The automatic EditRelevant verdict (None: the debugger never started, or nothing was edited)."""
        return self.edit_relevance.edit_relevant if self.edit_relevance else None

    @property
    def reviewed_edit_relevant(self) -> bool | None:
        """The EditRelevant verdict a report counts: a person's confirmed review wins over the automatic one."""
        if self.review is not None and self.review.edit_relevant is not None:
            return self.review.edit_relevant
        return self.edit_relevant

    @property
    def hard_rules(self) -> tuple[str, ...]:
        """The rules of the policy verdict's hard reasons, sorted, each once."""
        return tuple(sorted({r.rule for r in self.policy.hard_reasons})) if self.policy else ()

    def to_json(self) -> dict:
        out: dict = {"verified": self.verified}
        if self.policy is not None:
            out["policy"] = self.policy.to_json()
        if self.edit_relevance is not None:
            out["edit_relevance"] = self.edit_relevance.to_json()
        out["edit_relevant"] = self.edit_relevant
        if self.review is not None:
            out["review"] = self.review.to_json()
        out.update(self.extra)
        return out

    @classmethod
    def from_json(cls, data) -> Quality | None:
        """Read a stored record as far as it holds (a component that breaks the contract reads as None;
        ``harness.scoring.read_quality`` is the strict reader that names the field). None when ``data``
        is no record at all."""
        if not isinstance(data, dict):
            return None
        known = {"verified", "policy", "edit_relevance", "edit_relevant", "review"}
        verified = data.get("verified")
        review = data.get("review")
        return cls(verified if isinstance(verified, bool) else None,
                   _component(PolicyVerdict.from_json, data.get("policy")),
                   _edit_relevance(data.get("edit_relevance"), data.get("edit_relevant")),
                   {k: v for k, v in data.items() if k not in known},
                   Review(review.get("edit_relevant") if isinstance(review.get("edit_relevant"), bool) else None,
                          review.get("source") if isinstance(review.get("source"), str) else None)
                   if isinstance(review, dict) else None)


def _component(read, data):
    """``read(data)``, or None when ``data`` is missing or breaks the contract."""
    if not isinstance(data, dict):
        return None
    try:
        return read(data)
    except (KeyError, TypeError, ValueError, AttributeError):
        return None


def _edit_relevance(data, verdict) -> EditRelevanceVerdict | None:
    """The component; a record that carries only the top-level verdict (``edit_relevant``, as a custom
    scorer or an older record writes it) keeps that verdict, with no edits."""
    component = _component(EditRelevanceVerdict.from_json, data)
    if component is None and isinstance(verdict, bool):
        return EditRelevanceVerdict("", True, verdict)
    return component
