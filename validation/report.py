"""What validation says about each task, and about the corpus: dataclasses that print as JSON."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class TaskVerdict:
    task: str
    ok: bool = True
    reasons: list[str] = field(default_factory=list)
    runs: dict[str, dict] = field(default_factory=dict)  # buggy / correct / evidence -> pytest summary
    evidence: list[dict] = field(default_factory=list)  # per item and order: expression, observed, got, holds
    hang: dict | None = None  # a hang task's buggy run, stopped at its limit: {"stopped_after_s", "stuck_at"}

    def reject(self, reason: str) -> None:
        self.ok = False
        self.reasons.append(reason)

    def to_dict(self) -> dict:
        return {"task": self.task, "verdict": "pass" if self.ok else "fail", "reasons": self.reasons,
                "runs": self.runs, "evidence": self.evidence, "hang": self.hang}


@dataclass
class ValidationReport:
    verdicts: list[TaskVerdict]
    sandbox: str

    @property
    def ok(self) -> bool:
        return bool(self.verdicts) and all(v.ok for v in self.verdicts)

    def to_dict(self) -> dict:
        failed = [v.task for v in self.verdicts if not v.ok]
        return {"ok": self.ok, "sandbox": self.sandbox, "total": len(self.verdicts),
                "passed": len(self.verdicts) - len(failed), "failed": failed,
                "tasks": [v.to_dict() for v in self.verdicts]}
