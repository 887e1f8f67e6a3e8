"""Policy specs that come from the web app. They pick a registered endpoint by name
(``endpoint:NAME``, with a few sampling options) and never name a URL: ``openai:`` specs and every
``base_url`` are refused, so a worker's key is only ever sent to the URL an admin registered it with,
and an endpoint's failure is recorded by its status line, never by its body (trajectories are read by
every user). The CLI (``python -m harness``) keeps ``openai:MODEL?base_url=`` for the machine's owner."""

from __future__ import annotations

from urllib.parse import parse_qsl

from harness.policies import Policy, PolicyError, make_policy, parse_spec, spec_number
from harness.policies.openai import OpenAIPolicy
from webapp.endpoints.checks import key_variable_problem, url_problem
from webapp.endpoints.models import ModelEndpoint
from webapp.endpoints.selectors import endpoint_named, endpoint_names

ENDPOINT_KIND = "endpoint"
# What a web spec may set on a registered endpoint; everything else (URL, key, limits) is the record's.
OPTIONS = {"temperature": float, "top_p": float, "seed": int, "max_tokens": int}


def _registered() -> str:
    names = endpoint_names()
    return (f"registered: {', '.join(names[:12])}" if names else
            "none is registered yet: an admin adds one in the admin under Model endpoints")


def parse_endpoint_spec(spec: str) -> tuple[ModelEndpoint, dict]:
    """``endpoint:NAME?key=value&…`` -> (the enabled record, options); PolicyError says what is wrong."""
    _, _, rest = spec.partition(":")
    name, _, query = rest.partition("?")
    endpoint = endpoint_named(name.strip())
    if endpoint is None:
        raise PolicyError(f"policy spec {spec!r}: no enabled model endpoint is named {name!r} ({_registered()})")
    problem = url_problem(endpoint.base_url) or key_variable_problem(endpoint.api_key_env)  # a record saved earlier
    if problem:
        raise PolicyError(f"the model endpoint {endpoint.name!r} cannot be used: {problem}; an admin corrects "
                          "it in the admin under Model endpoints")
    options: dict = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        if key not in OPTIONS:
            raise PolicyError(f"policy spec {spec!r}: option {key!r} cannot be set from the web app; "
                              f"known: {', '.join(sorted(OPTIONS))} (the URL, key and limits are the endpoint's)")
        options[key] = spec_number(spec, key, value, OPTIONS[key])
    if options.get("max_tokens", 1) < 1:
        raise PolicyError(f"policy spec {spec!r}: max_tokens must be at least 1")
    return endpoint, options


def check_web_spec(spec: str) -> str:
    """The spec (stripped) when the web app may run it; else PolicyError saying what to give instead."""
    spec = (spec or "").strip()
    if spec.startswith(f"{ENDPOINT_KIND}:"):
        parse_endpoint_spec(spec)
        return spec
    kind, _, options = parse_spec(spec)
    if kind == "openai" or "base_url" in options:
        raise PolicyError(f"policy spec {spec!r}: a policy launched from the web app cannot name a model server "
                          f"or use the workers' own; pick a registered endpoint as endpoint:NAME ({_registered()})")
    return spec


def endpoint_policy(endpoint: ModelEndpoint, options: dict | None = None) -> OpenAIPolicy:
    """The OpenAI-compatible policy of a registered endpoint: its URL, the key of its variable, its
    model and limits (a spec's max_tokens is capped at the endpoint's), failures told by status line."""
    options = dict(options or {})
    max_tokens = min(options.pop("max_tokens", endpoint.max_tokens), endpoint.max_tokens)
    return OpenAIPolicy(endpoint.model, base_url=endpoint.base_url, api_key_env=endpoint.api_key_env or None,
                        api_key="" if not endpoint.api_key_env else None, max_tokens=max_tokens,
                        timeout_s=float(endpoint.timeout_s), max_concurrent_requests=endpoint.max_concurrent_requests,
                        tool_call_format=endpoint.tool_call_format, origin=f"the model endpoint {endpoint.name!r}",
                        error_bodies=False, **options)


def web_policy(spec: str) -> Policy:
    """The policy of a spec from the web app (checked again here: a stored job's arguments are not
    trusted to have passed the form)."""
    spec = check_web_spec(spec)
    if spec.startswith(f"{ENDPOINT_KIND}:"):
        endpoint, options = parse_endpoint_spec(spec)
        return endpoint_policy(endpoint, options)
    return make_policy(spec)
