"""The check an evaluation makes before its first episode: the endpoint answers, takes the key, serves
the model and accepts the request exactly as episodes will send it (tools attached), for the price of
one completion token. Anything wrong raises EndpointError saying what to set, at once, instead of every
episode discovering it after its retries.
"""

from __future__ import annotations

import time

from harness.policies.base import EndpointCheck, EndpointError
from harness.policies.endpoint import PREFLIGHT_TIMEOUT, ChatEndpoint

PREFLIGHT_RETRIES = 2  # a server answering 429/503 gets a couple of chances, nothing like an episode's
TOKEN_FIELDS = ("max_tokens", "max_completion_tokens")



def served_models(endpoint: ChatEndpoint) -> list[str] | None:
    """The ids GET /models lists, or None when the endpoint keeps no list (some hosted APIs)."""
    response = endpoint.request("GET", "models", max_retries=PREFLIGHT_RETRIES, retry_connect=False,
                                passthrough=frozenset({404, 405}), timeout=PREFLIGHT_TIMEOUT)
    if response.status_code != 200:
        return None
    try:
        data = response.json().get("data")
    except (ValueError, AttributeError):
        return None
    if not isinstance(data, list):
        return None
    ids = [name for entry in data if isinstance(entry, dict) and isinstance(name := entry.get("id"), str)]
    return ids or None


def check_chat_endpoint(endpoint: ChatEndpoint, body: dict) -> EndpointCheck:
    """Run the preflight with ``body``, a chat request as the policy builds it (its token limit is cut to
    one token here)."""
    start = time.perf_counter()
    model = str(body.get("model"))
    check = EndpointCheck(endpoint=str(endpoint.base_url), model=model)
    served = served_models(endpoint)
    if served is not None:
        if model not in served:
            raise endpoint.unknown_model(served)
        check.models_served = served
        check.checks.append(f"GET /models lists {model!r} ({len(served)} model(s) served)")
    else:
        check.checks.append("GET /models: no model list here (the completion below checks the name)")
    probe = dict(body)
    for field in TOKEN_FIELDS:
        if field in probe:
            probe[field] = 1
    tools = len(body.get("tools") or [])
    try:
        response = endpoint.request("POST", "chat/completions", probe, max_retries=PREFLIGHT_RETRIES,
                                    retry_connect=False, timeout=PREFLIGHT_TIMEOUT)
    except EndpointError as exc:
        if exc.kind != "output_limit":
            raise
        # Some models (reasoning ones) refuse to stop after one token; the request itself was accepted.
        check.checks.append(f"POST /chat/completions with {tools} tool definition(s) accepted (the model "
                            "wants more than one token to answer; that is all it refused)")
        check.elapsed_ms = (time.perf_counter() - start) * 1000
        return check
    try:
        choices = response.json().get("choices")
    except (ValueError, AttributeError):
        choices = None
    if not choices:
        raise EndpointError(f"{endpoint.base_url}/chat/completions answered 200 without choices"
                            f"{endpoint.body_excerpt(response.text)}; is this an OpenAI-compatible endpoint?",
                            kind="rejected")
    check.checks.append(f"POST /chat/completions with {tools} tool definition(s) accepted (one token)"
                        if tools else "POST /chat/completions accepted (one token; tool calls as text)")
    check.elapsed_ms = (time.perf_counter() - start) * 1000
    return check
