"""``python -m harness check-endpoint`` — the evaluation's preflight on its own: does the endpoint
answer, take the key, serve the model and accept the tool definitions? One model-list request and a
one-token completion.

    python -m harness check-endpoint --policy openai:stepwise-policy
    python -m harness check-endpoint --model-config vllm-local

Exit status 0 when the endpoint is ready; 2 with one message saying what to set when it is not.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from harness.policies import PolicyError, make_policy
from harness.policies.model_config import load_model_config


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m harness check-endpoint",
                                description="Check a model endpoint the way an evaluation does before its first episode.")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--policy", help="policy spec, e.g. openai:MODEL (options after ?)")
    which.add_argument("--model-config", help="a model config YAML, or the name of one in harness/configs/models/")
    p.add_argument("--json", action="store_true", help="print the result as JSON")
    args = p.parse_args(argv)
    try:
        policy = load_model_config(args.model_config).make_policy() if args.model_config else make_policy(args.policy)
    except PolicyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        check = policy.preflight()
    except PolicyError as exc:
        if args.json:
            print(json.dumps({"ok": False, "kind": getattr(exc, "kind", None), "error": str(exc)}))
        print(f"error: {exc}", file=sys.stderr)
        return 2
    finally:
        policy.close()
    if check is None:
        info = policy.info()
        print(json.dumps({"ok": True, "checks": []}) if args.json else
              f"nothing to check: a {info.kind} policy calls no model endpoint")
        return 0
    if args.json:
        print(json.dumps({"ok": True, **asdict(check)}))
    else:
        lines = [f"ok: {check.endpoint} serves {check.model!r}", *[f"  - {c}" for c in check.checks],
                 f"  ({check.elapsed_ms:.0f} ms)"]
        print("\n".join(lines))
    return 0
