"""The microskill schema: what an exercise asks for and how its trajectory is judged.

A skill is atomic (one habit) or composite (a ``skill_chain`` of phases such as debug -> edit ->
verify, whose order the evaluator checks). Its fields, each checked by ``evaluate``:

- ``instruction_template``: the user's instruction, filled from the task (``SkillInstance.fields``);
- ``allowed_tools``: the only tools the teacher is offered (anything else is refused and rejects);
- ``required_tools``: each must be called successfully; ``required_order``: their first successful
  calls come in this order; ``any_of``: at least one tool of each set is called successfully;
- ``inspection_adjacency``: some inspection comes right after a breakpoint hit, a step or an
  exception stop (the scoring timeline's adjacency);
- ``verification_required``: a passing test run after the last edit, before done, and the independent
  verifier confirms the fix;
- ``max_turns``: the turn budget (the episode must end with ``done`` within it);
- ``needs``: what a task must offer for the skill to be instantiated on it;
- ``policy_rules``: the pdb_policy_v1 hard rules that also reject an exercise (the rules that apply to
  every trace; a skill that edits adds ``done_without_verification``);
- ``check``: the skill's own requirement (e.g. the breakpoint asked for was hit), a function of the
  scoring timeline and the instance returning what is missing, or None.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from corpus.format import Task
from harness.prompts import task_prompt
from harness.records.groups import FINISH_TOOLS

PHASES = ("read", "debug", "inspect", "edit", "test", "verify")
NEEDS = ("evidence", "debugger", "exception", "dependency", "deadlock", "one_line_fix")
# Hard rules of pdb_policy_v1 that make any trace a bad example, whatever the exercise.
BASE_RULES = frozenset({"invalid_tool_order", "blind_stepping", "repetitive_loop", "edit_without_read",
                        "broad_breakpoints", "debugger_did_not_inform_edit"})


@dataclass(frozen=True)
class MicroSkill:
    name: str
    description: str
    instruction_template: str
    max_turns: int
    allowed_tools: frozenset[str]
    required_tools: frozenset[str] = frozenset()
    required_order: tuple[str, ...] = ()
    any_of: tuple[frozenset[str], ...] = ()
    inspection_adjacency: bool = False
    verification_required: bool = False
    level: str = "atomic"                       # "atomic" | "composite"
    skill_chain: tuple[str, ...] = ()           # phases (PHASES) in the order they must first appear
    needs: frozenset[str] = frozenset()         # of NEEDS
    errors_allowed: frozenset[str] = frozenset()  # tools whose error answers belong to the exercise
    policy_rules: frozenset[str] = BASE_RULES
    check: Callable | None = field(default=None, compare=False)  # check(timeline, instance) -> str | None
    check_description: str = ""

    def __post_init__(self):
        unknown = [p for p in self.skill_chain if p not in PHASES] + [n for n in self.needs if n not in NEEDS]
        if unknown:
            raise ValueError(f"skill {self.name}: unknown phase or need {', '.join(unknown)}")
        outside = (set(self.required_tools) | set(self.required_order) | set().union(*self.any_of, set())) - set(
            self.allowed_tools)
        if outside:
            raise ValueError(f"skill {self.name}: {', '.join(sorted(outside))} required but not allowed")
        if not FINISH_TOOLS.names() & set(self.allowed_tools):
            raise ValueError(f"skill {self.name}: {' or '.join(FINISH_TOOLS)} must be allowed (every exercise ends "
                             "with it)")

    def to_json(self) -> dict:
        return {"name": self.name, "level": self.level, "description": self.description,
                "instruction_template": self.instruction_template, "max_turns": self.max_turns,
                "allowed_tools": sorted(self.allowed_tools), "required_tools": sorted(self.required_tools),
                "required_order": list(self.required_order), "any_of": [sorted(s) for s in self.any_of],
                "inspection_adjacency": self.inspection_adjacency,
                "verification_required": self.verification_required, "skill_chain": list(self.skill_chain),
                "needs": sorted(self.needs), "check": self.check_description}


@dataclass(frozen=True)
class SkillInstance:
    """A skill instantiated on one task: the values its instruction and its check use."""

    skill: MicroSkill
    task: Task
    fields: dict

    @property
    def key(self) -> str:
        return f"{self.skill.name}/{self.task.name}"

    @property
    def instruction(self) -> str:
        return self.skill.instruction_template.format(**self.fields)

    def prompt(self) -> str:
        """The first user message: the bug report and the files, then the exercise's instruction."""
        sources = [*self.task.buggy_files, *self.task.shared_files]
        return task_prompt(self.task.description, sources, self.task.test_files, instruction=self.instruction)

    def to_json(self) -> dict:
        return {"skill": self.skill.name, "task": self.task.name, "fields": dict(self.fields),
                "instruction": self.instruction}
