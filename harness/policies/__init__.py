"""Policies: what chooses the next tool call. ``make_policy(spec)`` builds one from a spec string:

    openai:MODEL              an OpenAI-compatible endpoint (base URL and key from the environment)
    hf:PATH_OR_NAME           a local transformers model with its chat template
    script:FILE               the calls of a script file in order, then done
    replay:TRAJECTORY         the calls of a recorded trajectory in order, then done

Options follow a ``?`` as ``key=value`` pairs joined by ``&``, e.g.
``openai:Qwen/Qwen3-Coder?temperature=0.2&max_tokens=1024`` or ``hf:./tiny?max_new_tokens=32``.
A model config file (``harness.policies.model_config``) holds the same for ``openai`` and more (the key's
variable, prices), and is what ``--model-config`` reads.
"""

from __future__ import annotations

import math
from urllib.parse import parse_qsl

from harness.policies.base import (
    INVALID_TOOL,
    ContextExhausted,
    EndpointCheck,
    EndpointError,
    Policy,
    PolicyError,
    PolicyInfo,
    PolicyTurn,
)

KINDS = ("openai", "hf", "script", "replay")
_NUMERIC = {"temperature": float, "top_p": float, "max_tokens": int, "max_new_tokens": int, "seed": int,
            "max_retries": int, "backoff_s": float, "max_retry_after_s": float, "timeout_s": float,
            "max_concurrent_requests": int}
OPTIONS = {"openai": {"temperature", "top_p", "max_tokens", "seed", "tool_call_format", "max_retries", "backoff_s",
                      "max_retry_after_s", "timeout_s", "max_concurrent_requests", "base_url"},
           "hf": {"temperature", "max_new_tokens", "device"}, "script": set(), "replay": set()}

__all__ = ["INVALID_TOOL", "KINDS", "ContextExhausted", "EndpointCheck", "EndpointError", "Policy", "PolicyError",
           "PolicyInfo", "PolicyTurn", "make_policy", "parse_spec"]


def parse_spec(spec: str) -> tuple[str, str, dict]:
    """``kind:target?key=value&…`` -> (kind, target, options); raises PolicyError saying what is wrong."""
    kind, sep, rest = (spec or "").partition(":")
    if not sep or kind not in KINDS or not rest:
        raise PolicyError(f"policy spec {spec!r}: expected KIND:TARGET with KIND one of {', '.join(KINDS)} "
                          "(e.g. openai:gpt-4o, hf:./model, script:calls.json, replay:run.json)")
    target, _, query = rest.partition("?")
    options: dict = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        options[key] = spec_number(spec, key, value, _NUMERIC[key]) if key in _NUMERIC else value
    return kind, target, options


def spec_number(spec: str, key: str, value: str, kind: type) -> int | float:
    """A spec option's number: finite (``nan`` and ``inf`` parse as floats, and a stored NaN then
    failed the job in the database); PolicyError says what to give otherwise."""
    try:
        number = kind(value)
    except ValueError:
        number = None
    if number is None or not math.isfinite(number):
        raise PolicyError(f"policy spec {spec!r}: option {key}={value!r} must be a finite number, e.g. {key}=0.7")
    return number


def make_policy(spec: str) -> Policy:
    """The policy a spec string names (see the module docstring)."""
    kind, target, options = parse_spec(spec)
    allowed = OPTIONS[kind]
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise PolicyError(f"policy spec {spec!r}: unknown option(s) {', '.join(unknown)} for {kind}; "
                          f"known: {', '.join(sorted(allowed)) or 'none'}")
    if kind == "openai":
        from harness.policies.openai import OpenAIPolicy
        return OpenAIPolicy(target, **options)
    if kind == "hf":
        from harness.policies.hf import HFPolicy
        return HFPolicy(target, **options)
    if kind == "script":
        from harness.policies.script import ScriptPolicy
        return ScriptPolicy(target)
    from harness.policies.replay import ReplayPolicy
    return ReplayPolicy(target)
