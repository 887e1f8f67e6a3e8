"""Policies: what chooses the next tool call. ``make_policy(spec)`` builds one from a spec string:

    openai:MODEL              an OpenAI-compatible endpoint (base URL and key from the environment)
    hf:PATH_OR_NAME           a local transformers model with its chat template
    script:FILE               the calls of a script file in order, then done
    replay:TRAJECTORY         the calls of a recorded trajectory in order, then done

Options follow a ``?`` as ``key=value`` pairs joined by ``&``, e.g.
``openai:Qwen/Qwen3-Coder?temperature=0.2&max_tokens=1024`` or ``hf:./tiny?max_new_tokens=32``.
"""

from __future__ import annotations

from urllib.parse import parse_qsl

from harness.policies.base import INVALID_TOOL, Policy, PolicyError, PolicyInfo, PolicyTurn

KINDS = ("openai", "hf", "script", "replay")
_NUMERIC = {"temperature": float, "max_tokens": int, "max_new_tokens": int, "max_retries": int,
            "backoff_s": float, "timeout_s": float}

__all__ = ["INVALID_TOOL", "KINDS", "Policy", "PolicyError", "PolicyInfo", "PolicyTurn", "make_policy",
           "parse_spec"]


def parse_spec(spec: str) -> tuple[str, str, dict]:
    """``kind:target?key=value&…`` -> (kind, target, options); raises PolicyError saying what is wrong."""
    kind, sep, rest = (spec or "").partition(":")
    if not sep or kind not in KINDS or not rest:
        raise PolicyError(f"policy spec {spec!r}: expected KIND:TARGET with KIND one of {', '.join(KINDS)} "
                          "(e.g. openai:gpt-4o, hf:./model, script:calls.json, replay:run.json)")
    target, _, query = rest.partition("?")
    options: dict = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        try:
            options[key] = _NUMERIC[key](value) if key in _NUMERIC else value
        except ValueError:
            raise PolicyError(f"policy spec {spec!r}: option {key}={value!r} must be a number") from None
    return kind, target, options


def make_policy(spec: str) -> Policy:
    """The policy a spec string names (see the module docstring)."""
    kind, target, options = parse_spec(spec)
    allowed = {"openai": {"temperature", "max_tokens", "max_retries", "backoff_s", "timeout_s", "base_url"},
               "hf": {"temperature", "max_new_tokens", "device"}, "script": set(), "replay": set()}[kind]
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
