"""What a job launched from the app must pass before it is stored: the launcher's role, an isolating
sandbox, and the launcher's quotas. ``create_job`` calls ``admit`` for every job a person launches
(a page, a form, a retry, a session); jobs a command or the system starts (no user) skip it.

Quotas come from ``settings.STEPWISE_QUOTAS`` (each also ``STEPWISE_QUOTA_<NAME>`` in the environment):

- ``concurrent_jobs``: the launcher's jobs not yet over (top-level ones);
- ``episodes_in_flight``: episodes the launcher's unfinished jobs may play at once (their ``workers``;
  an episode or a session counts one), the new job's included;
- ``episodes_per_job``: runs x tasks (x arms) one job plays;
- ``workers_per_job``: the ``workers`` of one job;
- ``max_turns``: the turn limit of one episode.

Admins are not held to quotas (they set them); every other role is.
"""

from __future__ import annotations

from django.conf import settings

from harness.sandbox.backends import UNCONFINED_BACKEND
from webapp import environment
from webapp.core import roles
from webapp.core.ownership import check_output
from webapp.core.paths import PathNotAllowed
from webapp.runs.models import OVER, Job
from webapp.runs.registry import JobParamsError

# The defaults are declared with their environment variables (STEPWISE_QUOTA_<NAME>).
DEFAULT_QUOTAS = {name: int(str(environment.BY_NAME[f"STEPWISE_QUOTA_{name.upper()}"].default))
                  for name in environment.QUOTA_NAMES}
REPEATS = ("runs", "repeat", "best_of", "attempts", "per_skill")  # the fields that multiply the tasks
SINGLE_EPISODE = ("episode", "session")


class QuotaExceeded(JobParamsError):
    """A job over one of the launcher's quotas; ``errors`` names the field and the limit."""


def quotas() -> dict[str, int]:
    configured = getattr(settings, "STEPWISE_QUOTAS", None) or {}
    unknown = sorted(set(configured) - set(DEFAULT_QUOTAS))
    if unknown:
        raise ValueError(f"STEPWISE_QUOTAS: unknown quota {', '.join(unknown)}; known: {', '.join(DEFAULT_QUOTAS)}")
    return {**DEFAULT_QUOTAS, **{name: int(value) for name, value in configured.items()}}


def require_launcher(*, kind: str, user) -> None:
    """Refuse (NotAllowed) a person whose role may not launch ``kind`` (before its arguments are read)."""
    if kind == "session":
        roles.require(user, roles.OPEN_SESSION, "open a debugger session")
    else:
        roles.require(user, roles.LAUNCH_JOB, f"launch {kind} jobs")


def admit(*, kind: str, params: dict, user) -> None:
    """Refuse (NotAllowed, or JobParamsError naming the field) a job ``user`` may not launch."""
    require_launcher(kind=kind, user=user)
    check_isolating(kind=kind, params=params)
    check_outputs(params=params, user=user)
    if not roles.is_admin(user):
        check_quotas(kind=kind, params=params, user=user)


# ---- output folders --------------------------------------------------------------------------------
def check_outputs(*, params: dict, user) -> None:
    """An output folder (``out``) another user's job owns is refused before anything is queued
    (webapp.core.ownership; the job checks again where it runs)."""
    out = params.get("out")
    if isinstance(out, str) and out.strip():
        try:
            check_output(out, user=user)
        except PathNotAllowed as exc:
            raise JobParamsError({"out": [str(exc)]}) from None


# ---- sandboxes -------------------------------------------------------------------------------------
def check_isolating(*, kind: str, params: dict) -> None:
    """Jobs from the app never run model code without isolation: ``local`` is refused wherever a
    sandbox is named (a field, an override such as ``grpo.sandbox.backend=local``, a pasted config)."""
    errors: dict[str, list[str]] = {}
    why = "runs the model's code on the worker without isolation; jobs launched from the app use bwrap or docker"
    for field, value in _sandbox_fields(params):
        if str(value).strip().lower() == UNCONFINED_BACKEND:
            errors.setdefault(field, []).append(f"the 'local' sandbox {why}")
    for field in ("overrides", "all_overrides"):
        for line in params.get(field) or []:
            key, _, value = str(line).partition("=")
            if key.strip().endswith("sandbox.backend") and value.strip().strip("'\"").lower() == UNCONFINED_BACKEND:
                errors.setdefault("overrides", []).append(f"{line.strip()!r}: the 'local' sandbox {why}")
    if kind == "grpo" and not errors:
        backend = _grpo_backend(params)
        if backend == UNCONFINED_BACKEND:
            errors["config_text" if params.get("config_text") else "config"] = [
                f"grpo.sandbox.backend is 'local' in this config: the 'local' sandbox {why}"]
    if errors:
        raise JobParamsError(errors)


def _sandbox_fields(params, prefix: str = ""):
    for key, value in (params or {}).items():
        name = f"{prefix}{key}"
        if key in ("sandbox", "backend") and isinstance(value, str):
            yield name, value
        elif isinstance(value, dict):
            yield from _sandbox_fields(value, f"{name}.")


def _grpo_backend(params: dict) -> str:
    """The sandbox a GRPO job's config resolves to, its overrides applied ('' when it cannot load:
    the job type's own checks report that)."""
    import yaml

    from training.config.load import ConfigError, load_config
    from training.errors import TrainingError

    text = params.get("config_text") or ""
    try:
        source = yaml.safe_load(text) if text else params.get("config") or ""
        if not source:
            return ""
        loaded = load_config(source, command="grpo", overrides=list(params.get("all_overrides") or []),
                             check_paths=False)
    except (ConfigError, TrainingError, yaml.YAMLError, TypeError, ValueError):
        return ""
    grpo = loaded.config.grpo
    return str(grpo.sandbox.backend) if grpo is not None else ""


# ---- quotas ----------------------------------------------------------------------------------------
def episodes_of(kind: str, params: dict) -> int:
    """How many episodes one job plays (runs x tasks x arms); 1 for an episode or a session."""
    if kind in SINGLE_EPISODE:
        return 1
    count = 1
    for field in REPEATS:
        if isinstance(params.get(field), int):
            count *= max(1, params[field])
    from webapp.runs.registry import REGISTRY

    kind_type = REGISTRY.get(kind)
    tasks = kind_type.task_count(params) if kind_type is not None else len(params.get("tasks") or [])
    count *= max(1, tasks)
    count *= max(1, len(params.get("arms") or []))
    return count


def episode_quota_problem(*, user, episodes: int) -> str | None:
    """Why ``user`` may not have one job play ``episodes`` episodes (``episodes_per_job``), or None: what
    a job that plans its episodes where it runs (a split's tasks may have grown) checks before planning."""
    if user is None or roles.is_admin(user):
        return None
    limit = quotas()["episodes_per_job"]
    if episodes <= limit:
        return None
    return (f"this job would plan {episodes} episodes; your limit is {limit} a job "
            "(STEPWISE_QUOTAS['episodes_per_job']); pick fewer tasks or runs, or ask an admin to raise the quota")


def in_flight_of(kind: str, params: dict) -> int:
    """Episodes a job may play at once: its ``workers``; 1 for an episode or a session."""
    if kind in SINGLE_EPISODE:
        return 1
    workers = params.get("workers")
    return max(1, workers) if isinstance(workers, int) else 0


def check_quotas(*, kind: str, params: dict, user) -> None:
    limits = quotas()
    errors: dict[str, list[str]] = {}

    def over(field: str, what: str, value: int, quota: str) -> None:
        errors.setdefault(field, []).append(
            f"{what} is {value}; your limit is {limits[quota]} (STEPWISE_QUOTAS['{quota}']); lower it, "
            "or ask an admin to raise the quota")

    workers = params.get("workers")
    if isinstance(workers, int) and workers > limits["workers_per_job"]:
        over("workers", "workers", workers, "workers_per_job")
    turns = params.get("max_turns")
    if isinstance(turns, int) and turns > limits["max_turns"]:
        over("max_turns", "max_turns", turns, "max_turns")
    episodes = episodes_of(kind, params)
    if episodes > limits["episodes_per_job"]:
        field = next((f for f in REPEATS if isinstance(params.get(f), int)), "tasks")
        over(field, "runs x tasks (the episodes of this job)", episodes, "episodes_per_job")
    active = list(Job.objects.filter(created_by=user, parent__isnull=True).exclude(state__in=OVER)
                  .values_list("kind", "params"))
    if len(active) + 1 > limits["concurrent_jobs"]:
        errors.setdefault("__all__", []).append(
            f"you have {len(active)} jobs not yet over; your limit is {limits['concurrent_jobs']} at once "
            "(STEPWISE_QUOTAS['concurrent_jobs']); wait for one to end or cancel one")
    flying = sum(in_flight_of(k, p or {}) for k, p in active) + in_flight_of(kind, params)
    if flying > limits["episodes_in_flight"]:
        errors.setdefault("__all__", []).append(
            f"your jobs would play {flying} episodes at once; your limit is {limits['episodes_in_flight']} "
            "(STEPWISE_QUOTAS['episodes_in_flight']); lower workers or wait for a job to end")
    if errors:
        raise QuotaExceeded(errors)
