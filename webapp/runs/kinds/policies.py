"""The policy an episode job plays with: a spec (``make_policy``) or a script pasted at launch."""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from harness.policies import Policy, PolicyError, make_policy
from webapp.endpoints.policies import web_policy
from webapp.runs.registry import JobFailure


def job_policy(params: dict, job_id: int) -> Policy:
    """The policy of ``params`` (``policy`` spec or ``script`` JSON); JobFailure says what is wrong."""
    script = params.get("script") or ""
    try:
        if script:
            folder = Path(settings.VAR_DIR) / "scripts"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"job-{job_id}.json"
            path.write_text(script, encoding="utf-8")
            return make_policy(f"script:{path}")
        return web_policy(params.get("policy") or "")
    except PolicyError as exc:
        raise JobFailure(f"the policy cannot be used: {exc}") from None


def policy_label(params: dict) -> str:
    return params.get("policy") or "scripted (pasted at launch)"
