"""Teachers: the policies that play candidate episodes. A teacher is any harness policy spec
(``openai:MODEL``, ``hf:PATH``, ``script:FILE``, ``replay:FILE``); several teachers take turns, attempt
``k`` being played by teacher ``(k - 1) mod T``, so best-of-N can mix models, temperatures or scripts."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from harness.policies import Policy, PolicyError, make_policy
from harness.policies.threads import PolicyPerThread
from training.datagen.errors import DataGenerationError


@dataclass(frozen=True)
class Teacher:
    """A teacher by its spec (recorded with every example it produced). ``factory`` builds the policy
    instead of ``make_policy(spec)``: for a model served in-process, and for tests."""

    spec: str
    factory: Callable[[], Policy] | None = None

    def make(self) -> Policy:
        return self.factory() if self.factory is not None else make_policy(self.spec)


def as_teachers(teachers: Sequence[str | Teacher]) -> list[Teacher]:
    out = [t if isinstance(t, Teacher) else Teacher(str(t)) for t in teachers]
    if not out:
        raise DataGenerationError("no teacher given; pass --teacher SPEC (e.g. openai:MODEL or script:FILE)")
    return out


class TeacherPolicies:
    """One policy per teacher per worker thread; building them checks every spec up front."""

    def __init__(self, teachers: Sequence[Teacher]):
        self.teachers = list(teachers)
        self._per_thread = []
        try:
            for teacher in self.teachers:
                self._per_thread.append(PolicyPerThread(teacher.make))
        except PolicyError as exc:
            self.close()
            raise DataGenerationError(f"teacher: {exc}") from None

    def for_attempt(self, attempt: int) -> tuple[Teacher, Policy]:
        """The teacher of attempt ``attempt`` (1-based) and the calling thread's policy for it."""
        index = (attempt - 1) % len(self.teachers)
        return self.teachers[index], self._per_thread[index].get()

    def close(self) -> None:
        for policies in self._per_thread:
            policies.close()
