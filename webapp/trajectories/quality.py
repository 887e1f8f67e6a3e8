"""Reading a trajectory's ``quality`` record (filled by the scoring seam, shape in HELPERS/DESIGN).

Only what the web app shows or filters on. The record comes from a file someone imported, so every
field is checked for its type and anything unexpected reads as "not scored" rather than failing.
"""

from __future__ import annotations

from dataclasses import dataclass, field

CRITERION_NAMES = {1: "rules_out_hypothesis", 2: "incorrect_value", 3: "failing_frame", 4: "reflected_in_edit"}


def _number(value) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _flag(value) -> bool | None:
    return value if isinstance(value, bool) else None


def _dict(value) -> dict:
    return value if isinstance(value, dict) else {}


def _list(value) -> list:
    return value if isinstance(value, list) else []


def _turns(value) -> list[int]:
    return [t for t in _list(value) if isinstance(t, int) and not isinstance(t, bool)]


def quality_columns(document: dict) -> dict:
    """The Trajectory columns filled from ``document["quality"]``."""
    quality = _dict(document.get("quality"))
    policy = _dict(quality.get("policy"))
    relevance = _dict(quality.get("edit_relevance"))
    edit_relevant = _flag(quality.get("edit_relevant"))
    if edit_relevant is None:
        edit_relevant = _flag(relevance.get("edit_relevant"))
    rules = sorted({r["rule"] for r in _list(policy.get("hard_reasons"))
                    if isinstance(r, dict) and isinstance(r.get("rule"), str)})
    return {"score": _number(policy.get("score")), "passed": _flag(policy.get("passed")),
            "edit_relevant": edit_relevant, "hard_rules": rules}


@dataclass(frozen=True)
class Reason:
    rule: str
    message: str
    turns: list[int]
    penalty: float | None = None


@dataclass(frozen=True)
class ProposedLink:
    turn: int  # the observation's turn
    criterion: int | None
    criterion_name: str
    reason: str


@dataclass(frozen=True)
class ScoredEdit:
    turn: int
    file: str
    links: list[ProposedLink] = field(default_factory=list)


@dataclass(frozen=True)
class QualityView:
    scored: bool
    verified: bool | None = None
    policy_version: str = ""
    score: float | None = None
    passed: bool | None = None
    hard_reasons: list[Reason] = field(default_factory=list)
    soft_reasons: list[Reason] = field(default_factory=list)
    relevance_version: str = ""
    debugger_started: bool | None = None
    edit_relevant: bool | None = None
    edits: list[ScoredEdit] = field(default_factory=list)

    def reasons_at(self, turn: int) -> list[Reason]:
        return [r for r in [*self.hard_reasons, *self.soft_reasons] if turn in r.turns]


def _reasons(items) -> list[Reason]:
    out = []
    for item in _list(items):
        if isinstance(item, dict) and isinstance(item.get("rule"), str):
            out.append(Reason(item["rule"], str(item.get("message") or ""), _turns(item.get("turns")),
                              _number(item.get("penalty"))))
    return out


def quality_view(document: dict) -> QualityView:
    quality = document.get("quality")
    if not isinstance(quality, dict):
        return QualityView(scored=False)
    policy, relevance = _dict(quality.get("policy")), _dict(quality.get("edit_relevance"))
    edits = []
    for edit in _list(relevance.get("edits")):
        if not isinstance(edit, dict) or not _turns([edit.get("turn")]):
            continue
        links = []
        for link in _list(edit.get("links")):
            if not isinstance(link, dict) or not _turns([link.get("turn")]):
                continue
            criterion = link.get("criterion") if link.get("criterion") in CRITERION_NAMES else None
            name = link.get("criterion_name") if isinstance(link.get("criterion_name"), str) else \
                CRITERION_NAMES.get(criterion, "")
            links.append(ProposedLink(link["turn"], criterion, name, str(link.get("reason") or "")))
        edits.append(ScoredEdit(edit["turn"], str(edit.get("file") or ""), links))
    columns = quality_columns(document)
    return QualityView(
        scored=True, verified=_flag(quality.get("verified")), policy_version=str(policy.get("version") or ""),
        score=columns["score"], passed=columns["passed"], hard_reasons=_reasons(policy.get("hard_reasons")),
        soft_reasons=_reasons(policy.get("soft_reasons")), relevance_version=str(relevance.get("version") or ""),
        debugger_started=_flag(relevance.get("debugger_started")), edit_relevant=columns["edit_relevant"],
        edits=edits)
