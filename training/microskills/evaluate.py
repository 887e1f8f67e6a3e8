"""The microskill evaluator: does a trajectory practise its skill cleanly? It reads the trajectory
through the scoring seam (the same timeline pdb_policy and edit relevance use) and checks the skill's
fields in turn (``schema``); every failed requirement is one reason. Accepted = no reason."""

from __future__ import annotations

from dataclasses import dataclass, field

from harness.policies.base import INVALID_TOOL
from harness.records.groups import DEBUGGER_TOOLS, FINISH_TOOLS
from harness.scoring import TaskMeta, scoring_context
from harness.scoring.timeline import Event, Timeline
from harness.trajectory import ExitReason, Trajectory
from training.microskills.schema import SkillInstance

VERSION = "microskill_v1"


@dataclass
class SkillVerdict:
    skill: str
    accepted: bool = True
    reasons: list[str] = field(default_factory=list)   # short codes, for tables ("tool_not_allowed", ...)
    details: list[str] = field(default_factory=list)   # the same in words, naming the turns
    version: str = VERSION

    def reject(self, reason: str, detail: str) -> None:
        self.accepted = False
        self.reasons.append(reason)
        self.details.append(detail)

    def to_json(self) -> dict:
        return {"version": self.version, "skill": self.skill, "accepted": self.accepted, "reasons": self.reasons,
                "details": self.details}


def _phase(event: Event, phase: str, edited_before: bool) -> bool:
    ok = not event.action.error
    return {
        "read": bool(event.reads),
        "debug": ok and event.tool in DEBUGGER_TOOLS,
        "inspect": event.is_inspection,
        "edit": bool(event.edits),
        "test": bool(event.bash and event.bash.test_run),
        "verify": bool(event.bash and event.bash.tests_passed) and edited_before,
    }[phase]


def _first_of_each_phase(tl: Timeline, phases) -> dict[str, int | None]:
    first: dict[str, int | None] = dict.fromkeys(phases)
    edited = False
    for index, event in enumerate(tl.events):
        for phase in phases:
            if first[phase] is None and _phase(event, phase, edited):
                first[phase] = index
        edited = edited or bool(event.edits)
    return first


def evaluate(trajectory: Trajectory, instance: SkillInstance, policy_config=None) -> SkillVerdict:
    """Judge one trajectory against its exercise. Raises ScoringError for an unreadable trajectory."""
    skill = instance.skill
    context = scoring_context(trajectory, TaskMeta.from_task(instance.task), policy_config)
    tl = context.timeline
    verdict = SkillVerdict(skill.name)
    events = tl.events
    result = trajectory.result

    if result.exit_reason != ExitReason.DONE:
        verdict.reject("not_done", f"the exercise ended with {result.exit_reason}, not done "
                                   f"(budget {skill.max_turns} turns)")
    for event in events:
        if event.tool == INVALID_TOOL:
            verdict.reject("invalid_reply", f"turn {event.turn} held no usable tool call")
        elif event.tool not in skill.allowed_tools:
            verdict.reject("tool_not_allowed", f"turn {event.turn} called {event.tool}, outside the exercise's tools")
        elif event.action.error and event.tool not in skill.errors_allowed:
            verdict.reject("tool_error", f"turn {event.turn}: {event.tool} answered with an error")

    used = {e.tool for e in events if not e.action.error}
    missing = sorted(skill.required_tools - used)
    if missing:
        verdict.reject("missing_tool", f"never called {', '.join(missing)} successfully")
    firsts = [next((i for i, e in enumerate(events) if e.tool == tool and not e.action.error), None)
              for tool in skill.required_order]
    present = [(tool, i) for tool, i in zip(skill.required_order, firsts, strict=True) if i is not None]
    for (before, i), (after, j) in zip(present, present[1:], strict=False):
        if j < i:
            verdict.reject("order", f"{after} (turn {events[j].turn}) came before {before} (turn {events[i].turn})")
    for group in skill.any_of:
        if not used & group:
            verdict.reject("any_of", f"none of {', '.join(sorted(group))} was called successfully")
    if skill.inspection_adjacency and not any(e.is_inspection and e.at_stop for e in events):
        verdict.reject("no_adjacent_inspection", "no inspection came right after a breakpoint hit, a step or an "
                                                 "exception stop")
    if skill.verification_required:
        last_edit = max((i for i, e in enumerate(events) if e.edits), default=None)
        done = next((i for i, e in enumerate(events) if e.tool in FINISH_TOOLS), len(events))
        if last_edit is None:
            verdict.reject("not_verified", "nothing was edited, so nothing was fixed")
        elif not any(e.bash and e.bash.tests_passed for e in events[last_edit + 1:done]):
            verdict.reject("not_verified", "no passing test run after the last edit before done")
        elif result.verified is not True:
            verdict.reject("not_verified", "the independent verifier did not confirm the fix")
    if skill.skill_chain:
        phases = _first_of_each_phase(tl, skill.skill_chain)
        first = {p: i for p, i in phases.items() if i is not None}
        absent = [p for p in phases if p not in first]
        if absent:
            verdict.reject("chain", f"the {' -> '.join(skill.skill_chain)} chain lacks {', '.join(absent)}")
        else:
            for before, after in zip(skill.skill_chain, skill.skill_chain[1:], strict=False):
                if first[after] < first[before]:
                    verdict.reject("chain", f"{after} began (turn {events[first[after]].turn}) before "
                                            f"{before} (turn {events[first[before]].turn})")
    for reason in context.policy.hard_reasons:
        if reason.rule in skill.policy_rules:
            verdict.reject(f"policy:{reason.rule}", reason.message)
    if skill.check is not None:
        missing_part = skill.check(tl, instance)
        if missing_part:
            verdict.reject("skill_check", missing_part)
    return verdict
