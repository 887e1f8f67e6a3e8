"""The policy an episode job plays with: a spec (``make_policy``) or a script pasted at launch."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from harness.policies import Policy, PolicyError, make_policy
from webapp.core.ownership import claim_output
from webapp.core.paths import PathNotAllowed, confine_spec, data_path
from webapp.endpoints.policies import web_policy
from webapp.runs.registry import JobFailure


def job_policy(spec: str, script: str, job_id: int) -> Policy:
    """The policy of a job: a ``spec`` or a ``script`` (JSON) pasted at launch; JobFailure says what is wrong."""
    try:
        if script:
            folder = Path(settings.VAR_DIR) / "scripts"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"job-{job_id}.json"
            path.write_text(script, encoding="utf-8")
            return make_policy(f"script:{path}")
        return web_policy(confine_spec(spec))  # checked at launch and again here
    except (PolicyError, PathNotAllowed) as exc:
        raise JobFailure(f"the policy cannot be used: {exc}") from None


def policy_label(spec: str) -> str:
    return spec or "scripted (pasted at launch)"


def job_path(value, what: str) -> str | None:
    """A path from a job's params confined to the data roots again where the job runs (the form checked
    it at launch; a stored or retried job is checked anew); None/"" stays None. JobFailure otherwise."""
    if not value:
        return None
    try:
        return str(data_path(value, what))
    except PathNotAllowed as exc:
        raise JobFailure(str(exc)) from None


def job_output(value, what: str, job, *, default: str | Path | None = None) -> str:
    """An output folder of ``job``: the given one confined again (``job_path``), else ``default``; refused
    (JobFailure) when another user's job owns it, and marked as this job's user's otherwise."""
    path = job_path(value, what) or str(default)
    try:
        claim_output(path, user=job.created_by, what=what)
    except PathNotAllowed as exc:
        raise JobFailure(str(exc)) from None
    return path


def job_spec(spec: str) -> str:
    try:
        return confine_spec(spec)
    except PathNotAllowed as exc:
        raise JobFailure(f"the policy cannot be used: {exc}") from None
