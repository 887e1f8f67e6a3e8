"""What a generator reports: progress for people (a bar) and programs (a callback), each job's outcome,
and the summary table (tasks tried, kept, rejected, and candidates rejected by reason)."""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GenerationProgress:
    """One update for ``on_progress``: after the start, each finished job, and the end."""

    kind: str                # "rollouts" | "microskills"
    phase: str               # "started" | "running" | "finished"
    done: int                # jobs finished, earlier runs included
    total: int
    kept: int = 0            # kept in this run so far
    rejected: int = 0
    job: str | None = None   # the key of the job that just finished
    message: str = ""

    @property
    def percent(self) -> float:
        return round(100.0 * self.done / self.total, 1) if self.total else 100.0


ProgressCallback = Callable[[GenerationProgress], None]


def notify(on_progress: ProgressCallback | None, progress: GenerationProgress) -> None:
    if on_progress is None:
        return
    try:
        on_progress(progress)
    except Exception:  # a broken listener must not stop the generation
        log.exception("the progress listener failed")


@dataclass
class CandidateVerdict:
    """One candidate episode and why it was kept out (``reasons`` empty: it passed)."""

    attempt: int
    teacher: str
    path: str                 # relative to the output folder
    exit_reason: str
    verified: bool | None
    score: float | None
    reasons: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)  # the reasons in words

    @property
    def passed(self) -> bool:
        return not self.reasons

    def to_json(self) -> dict:
        return {**asdict(self), "passed": self.passed}


@dataclass
class JobOutcome:
    """A job (one task, or one skill on one task): kept or not, and every candidate it played."""

    key: str
    task: str
    skill: str | None
    kept_attempt: int | None
    candidates: list[CandidateVerdict]
    played: int = 0           # candidates played in this run (the others were reused)
    error: str | None = None  # the job itself failed (not written: a rerun tries again)

    @property
    def kept(self) -> bool:
        return self.kept_attempt is not None

    @classmethod
    def from_json(cls, data: dict) -> JobOutcome:
        """An outcome as ``to_json`` wrote it to the folder (a distributed run's final step reads them)."""
        names = {f for f in CandidateVerdict.__dataclass_fields__}
        candidates = [CandidateVerdict(**{k: v for k, v in c.items() if k in names}) for c in data.get("candidates") or []]
        played = data.get("played")
        return cls(str(data["key"]), str(data["task"]), data.get("skill"), data.get("kept_attempt"), candidates,
                   played=played if isinstance(played, int) and played >= 0 else 0)

    def to_json(self) -> dict:
        return {"key": self.key, "task": self.task, "skill": self.skill, "kept": self.kept,
                "kept_attempt": self.kept_attempt, "played": self.played,
                "candidates": [c.to_json() for c in self.candidates]}


@dataclass
class GenerationSummary:
    kind: str
    planned: int = 0
    skipped: int = 0          # finished by an earlier run
    tried: int = 0
    kept: int = 0
    rejected: int = 0
    failed: dict[str, str] = field(default_factory=dict)  # key -> error
    candidates: int = 0       # judged in this run
    played: int = 0           # of which played now (the rest reused from an interrupted run)
    passing: int = 0          # candidates with no reason against them (best-of-N keeps one per job)
    reasons: Counter = field(default_factory=Counter)     # candidates kept out, by reason
    groups: dict[str, Counter] = field(default_factory=dict)  # per skill: tried, kept, rejected
    kept_in_folder: int = 0

    def add(self, outcome: JobOutcome, group: str | None = None) -> None:
        if outcome.error is not None:
            self.failed[outcome.key] = outcome.error
            return
        self.tried += 1
        self.kept += outcome.kept
        self.rejected += not outcome.kept
        self.candidates += len(outcome.candidates)
        self.played += outcome.played
        for candidate in outcome.candidates:
            self.passing += candidate.passed
            self.reasons.update(dict.fromkeys(candidate.reasons, 1))
        if group is not None:
            counts = self.groups.setdefault(group, Counter())
            counts.update({"tried": 1, "kept": int(outcome.kept), "rejected": int(not outcome.kept)})

    def to_json(self) -> dict:
        out = {k: v for k, v in asdict(self).items() if k not in ("reasons", "groups")}
        out["reasons"] = dict(self.reasons.most_common())
        out["groups"] = {g: dict(c) for g, c in sorted(self.groups.items())}
        return out

    def markdown(self) -> str:
        unit = "tasks" if self.kind == "rollouts" else "skill × task jobs"
        rows = [("planned", self.planned), ("finished by an earlier run", self.skipped), ("tried now", self.tried),
                ("kept", self.kept), ("rejected", self.rejected)]
        if self.failed:
            rows.append(("failed (retried on the next run)", len(self.failed)))
        rows.append(("kept in the folder, all runs", self.kept_in_folder))
        parts = [markdown_table([unit, "count"], rows, "lr")]
        candidate_rows = [("judged", self.candidates), ("played now", self.played), ("passing", self.passing)]
        candidate_rows += [(f"rejected: {reason}", n) for reason, n in self.reasons.most_common()]
        parts.append(markdown_table(["candidates", "count"], candidate_rows, "lr"))
        if self.groups:
            parts.append(markdown_table(["skill", "tried", "kept", "rejected"],
                                        [(g, c["tried"], c["kept"], c["rejected"]) for g, c in sorted(self.groups.items())],
                                        "lrrr"))
        if self.failed:
            parts.append("\n".join(f"- {key}: {error}" for key, error in sorted(self.failed.items())))
        return "\n\n".join(parts) + "\n"


def markdown_table(headers: list[str], rows: list[tuple], align: str) -> str:
    """A GitHub markdown table; ``align`` has one letter per column, l or r."""
    lines = ["| " + " | ".join(headers) + " |",
             "| " + " | ".join("---:" if a == "r" else "---" for a in align) + " |"]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)
