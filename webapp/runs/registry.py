"""Job types: one class per kind of background work, in one registry.

A type names its ``kind`` (stored on the Job), the Celery ``queue`` its work goes to (episodes and
training apart, so training never starves episodes), the Django form that checks its arguments (the
launch page and ``create_job`` alike), and what it does: ``run(work)`` gets a running-job handle
(``webapp.runs.services.execution.RunningJob``: params, progress, log, metrics, cancellation) and
returns a JSON-able result, or ``FAN_OUT`` when it planned child jobs; then ``finish(work)`` is the
final step once every child is over. It raises JobFailure with a message a person can act on.

Register a type with ``@register`` in a module of ``webapp.runs.kinds`` (the app imports them all).
"""

from __future__ import annotations

from typing import ClassVar

from webapp.runs.params import JobParams, JobParamsError


class Queue:
    DEFAULT = "celery"  # short work: imports, validation, exports, an eval's planning and report
    EPISODES = "episodes"  # one episode per task; human sessions
    TRAINING = "training"  # SFT and GRPO, on workers of their own

    ALL = (DEFAULT, EPISODES, TRAINING)


class JobFailure(Exception):
    """Expected failure of a job; its message is stored as the job's human-readable error."""


class JobCancelled(BaseException):
    """Raised inside a job's work once the job is cancelled. A BaseException, like KeyboardInterrupt,
    so the libraries' "a failing progress listener is logged and ignored" handlers let it through."""


class UnknownJobKind(ValueError):
    pass


FAN_OUT = object()  # what ``run`` returns when the work continues in child jobs


class JobType:
    kind: ClassVar[str]
    label: ClassVar[str]
    description: ClassVar[str] = ""
    queue: ClassVar[str] = Queue.DEFAULT
    unit: ClassVar[str] = ""  # what progress counts ("episodes", "steps")
    form_class: ClassVar[type | None] = None  # a django.forms.Form for the arguments
    params_class: ClassVar[type[JobParams] | None] = None  # the typed arguments (webapp.runs.params)
    launchable: ClassVar[bool] = True  # offered on the launch page (children are not)
    plays_episode: ClassVar[bool] = False  # its job has an Episode, whose viewers see the job's state

    def clean(self, params: dict, *, user=None) -> dict:
        """The checked arguments (JSON-able); raises JobParamsError naming each bad field."""
        if self.form_class is None:
            return dict(params or {})
        form = self.form_class(data=params or {}, user=user) if _takes_user(self.form_class) else \
            self.form_class(data=params or {})
        if not form.is_valid():
            raise JobParamsError({field: list(messages) for field, messages in form.errors.items()})
        return self.stored(form.params() if hasattr(form, "params") else dict(form.cleaned_data))

    def stored(self, params: dict) -> dict:
        """``params`` as this kind stores them, their shape checked by ``params_class`` (JobParamsError
        names each bad field); a kind without one stores them as they are."""
        return self.params_class.of(params).to_json() if self.params_class else dict(params or {})

    def task_count(self, params: dict) -> int:
        """How many tasks a job with ``params`` plays (its quotas count them): the named ones; a type
        that also takes a split counts the split's tasks."""
        return len(params.get("tasks") or [])

    def prepare(self, job) -> None:
        """Rows the job needs before it runs (inside create_job's transaction)."""

    def run(self, work):
        raise NotImplementedError

    def finish(self, work) -> dict:
        """The final step of a job that fanned out, once every child is over."""
        return {}

    def child_over(self, job, child) -> None:
        """A child ended (inside a transaction holding the parent's row): record what it means."""

    def summary(self, params: dict) -> str:
        """One line for the jobs list, from a job's stored arguments: ``describe`` of the typed ones, or
        the plain ones for a kind without a ``params_class``."""
        if self.params_class is not None:
            try:
                return self.describe(self.params_class.of(params))[:200]
            except JobParamsError as exc:
                return f"(arguments that do not fit: {exc})"[:200]
        return ", ".join(f"{k}={v}" for k, v in sorted(params.items()) if not isinstance(v, dict | list))[:200]

    def describe(self, params) -> str:
        """One line for the jobs list from the typed arguments (a ``params_class`` instance)."""
        return ", ".join(f"{k}={v}" for k, v in sorted(params.to_json().items()) if not isinstance(v, dict | list))


def _takes_user(form_class) -> bool:
    return getattr(form_class, "takes_user", False)


REGISTRY: dict[str, JobType] = {}


def register(cls: type[JobType]) -> type[JobType]:
    if getattr(cls, "kind", None) in REGISTRY and type(REGISTRY[cls.kind]) is not cls:
        raise ValueError(f"job kind {cls.kind!r} is registered twice ({type(REGISTRY[cls.kind]).__name__}, {cls.__name__})")
    REGISTRY[cls.kind] = cls()
    return cls


def job_type(kind: str) -> JobType:
    try:
        return REGISTRY[kind]
    except KeyError:
        raise UnknownJobKind(f"unknown job kind {kind!r}; known kinds: {', '.join(sorted(REGISTRY))}") from None


def kind_choices() -> list[tuple[str, str]]:
    return [(kind, REGISTRY[kind].label) for kind in sorted(REGISTRY)]
