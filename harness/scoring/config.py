"""The pdb_policy configuration: a documented, versioned JSON file (``configs/pdb_policy_v1.json``).

A version name stands for one exact set of rules and settings. ``RULES`` lists every rule with a
revision number; the settings plus those revisions hash to a fingerprint, and each released version
name is pinned to its fingerprint in ``RELEASED``. Loading a config that calls itself
``pdb_policy_v1`` but differs from it (a changed threshold, a rule revised in code) is refused: a
changed rule needs a new version name, so verdicts of different rules are never mixed under one.
"""

from __future__ import annotations

import dataclasses
import difflib
import functools
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

CONFIG_DIR = Path(__file__).resolve().parent / "configs"
DEFAULT_VERSION = "pdb_policy_v1"

# name -> (kind, revision, what it means). Bump a rule's revision when its logic changes.
RULES: dict[str, tuple[str, int, str]] = {
    "invalid_tool_order": ("hard", 1, "a debugger tool before start_debugger, or an inspection with no paused program"),
    "blind_stepping": ("hard", 1, "a long run of step/continue calls with no inspection between them"),
    "repetitive_loop": ("hard", 1, "the same call answered the same way again and again"),
    "edit_without_read": ("hard", 1, "an edit to a file the trajectory never read"),
    "broad_breakpoints": ("hard", 1, "many breakpoints in one call, or breakpoints only in test files"),
    "no_adjacent_inspection": ("hard", 1, "a recommended task whose inspections never follow a breakpoint hit or stop"),
    "debugger_did_not_inform_edit": ("hard", 1, "the debugger was used but no edit is linked to what it showed"),
    "done_without_verification": ("hard", 1, "done with no passing test run after the last edit"),
    "recommended_without_inspection": ("hard", 1, "a task labelled recommended whose trajectory never inspects"),
    "avoid_opened_debugger": ("hard", 1, "a task labelled avoid whose trajectory opens the debugger"),
    "whole_file_dump": ("soft", 1, "a whole file shown where a windowed read or a metadata probe would do"),
    "inspection_not_adjacent": ("soft", 1, "an inspection that does not follow a breakpoint hit or stop"),
    "repeated_call": ("soft", 1, "the same call answered the same way a second time"),
}


class PolicyConfigError(ValueError):
    """A policy configuration that cannot be used; the message names the file and the key."""


@dataclass(frozen=True)
class PolicyConfig:
    """Settings of the behavioural checker; the defaults are pdb_policy_v1.
    configs/pdb_policy_v1.json says what each one does."""

    version: str = DEFAULT_VERSION
    min_quality_score: float = 0.7
    enforce_preference: bool = True
    require_recommended_inspection: bool = True
    require_recommended_flow_inspect_adjacency: bool = True
    enforce_done_after_verification: bool = True
    hard_reason_penalty: float = 0.35
    blind_step_limit: int = 5
    loop_repeats: int = 3
    max_breakpoints_per_call: int = 4
    soft_penalties: dict = field(default_factory=lambda: {
        "whole_file_dump": 0.05, "inspection_not_adjacent": 0.03, "repeated_call": 0.03})
    max_soft_penalty_per_rule: float = 0.15

    def settings(self) -> dict:
        """The settings that decide verdicts (everything but the version name)."""
        data = dataclasses.asdict(self)
        data.pop("version")
        return data

    def fingerprint(self) -> str:
        """sha256 of the settings and the rules' revisions: the identity of a version."""
        payload = {"settings": self.settings(), "rules": {name: rev for name, (_, rev, _) in RULES.items()}}
        return hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()

    def to_json(self) -> dict:
        return {"version": self.version, **self.settings()}


# Released versions and their fingerprints. A test pins this table.
RELEASED: dict[str, str] = {
    "pdb_policy_v1": "aff57652a02a76f26b32b2e645c800b244fdc2910fcd956a570587c29517e043",
}

_BOOL_KEYS = ("enforce_preference", "require_recommended_inspection",
              "require_recommended_flow_inspect_adjacency", "enforce_done_after_verification")
_FRACTION_KEYS = ("min_quality_score", "hard_reason_penalty", "max_soft_penalty_per_rule")
_COUNT_KEYS = ("blind_step_limit", "loop_repeats", "max_breakpoints_per_call")
_IGNORED_KEYS = ("about", "notes", "$comment")


def _check(data: dict, where: str) -> dict:
    if not isinstance(data, dict):
        raise PolicyConfigError(f"{where}: expected a JSON object of settings")
    known = {f.name for f in dataclasses.fields(PolicyConfig)}
    values = {}
    for key, value in data.items():
        if key in _IGNORED_KEYS:
            continue
        if key not in known:
            near = difflib.get_close_matches(key, sorted(known), n=1)
            hint = f"; did you mean {near[0]!r}?" if near else f"; known keys: {', '.join(sorted(known))}"
            raise PolicyConfigError(f"{where}: unknown key {key!r}{hint}")
        if key == "version":
            if not isinstance(value, str) or not value.strip():
                raise PolicyConfigError(f"{where}: version must be a non-empty name, e.g. 'pdb_policy_v1-strict'")
        elif key in _BOOL_KEYS:
            if not isinstance(value, bool):
                raise PolicyConfigError(f"{where}: {key} must be true or false, not {value!r}")
        elif key in _FRACTION_KEYS:
            if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
                raise PolicyConfigError(f"{where}: {key} must be a number from 0 to 1, not {value!r}")
            value = float(value)
        elif key in _COUNT_KEYS:
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise PolicyConfigError(f"{where}: {key} must be a whole number of at least 1, not {value!r}")
        elif key == "soft_penalties":
            value = _check_penalties(value, where)
        values[key] = value
    return values


def _check_penalties(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise PolicyConfigError(f"{where}: soft_penalties must map soft rule names to penalties")
    soft = [name for name, (kind, _, _) in RULES.items() if kind == "soft"]
    out = dict(PolicyConfig().soft_penalties)
    for rule, penalty in value.items():
        if rule not in soft:
            raise PolicyConfigError(f"{where}: soft_penalties: {rule!r} is not a soft rule; soft rules: {', '.join(soft)}")
        if isinstance(penalty, bool) or not isinstance(penalty, int | float) or not 0 <= penalty <= 1:
            raise PolicyConfigError(f"{where}: soft_penalties.{rule} must be a number from 0 to 1, not {penalty!r}")
        out[rule] = float(penalty)
    return out


def policy_config_from_dict(data: dict, where: str = "policy config") -> PolicyConfig:
    """A checked config; keys left out take pdb_policy_v1's values. Raises PolicyConfigError."""
    config = PolicyConfig(**_check(data, where))
    pinned = RELEASED.get(config.version)
    if pinned is not None and config.fingerprint() != pinned:
        released = PolicyConfig()  # the defaults are pdb_policy_v1, the one released version
        changed = [k for k, v in config.settings().items() if released.settings().get(k) != v]
        detail = (", ".join(f"{k} is {config.settings()[k]!r} where {config.version} has "
                            f"{released.settings()[k]!r}" for k in changed[:3])
                  or "the rules changed in code since it was released")
        raise PolicyConfigError(
            f"{where}: these settings are not {config.version}'s ({detail}); a changed rule needs a new "
            f"version name, e.g. \"version\": \"{config.version}-custom\"")
    return config


@functools.cache
def _shipped() -> dict[str, Path]:
    """The released versions shipped with the code, listed once (they change only with the code)."""
    return {p.stem: p for p in CONFIG_DIR.glob("*.json")}


# What load_policy_config takes: a config, a released version name, a JSON file path, a dict, or None.
PolicyConfigSource = PolicyConfig | str | Path | dict[str, Any] | None


def load_policy_config(source: PolicyConfigSource = None) -> PolicyConfig:
    """A PolicyConfig from None (pdb_policy_v1), a released version name, a JSON file path, a dict,
    or a PolicyConfig. Raises PolicyConfigError naming the file and the key at fault."""
    if source is None:
        source = DEFAULT_VERSION
    if isinstance(source, PolicyConfig):
        return source
    if isinstance(source, dict):
        return policy_config_from_dict(source)
    shipped = _shipped()
    if isinstance(source, str) and source in shipped:
        return _released(source)
    return _load_file(Path(source), shipped)


@functools.lru_cache(maxsize=8)
def _released(name: str) -> PolicyConfig:
    """A shipped version, read once (a scorer runs per episode; the file does not change under it)."""
    return _load_file(_shipped()[name], {})


def _load_file(path: Path, shipped: dict) -> PolicyConfig:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        names = ", ".join(sorted(shipped))
        raise PolicyConfigError(f"{path}: no such file (released versions: {names})") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise PolicyConfigError(f"{path}: cannot be read ({exc})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise PolicyConfigError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    except RecursionError:
        raise PolicyConfigError(f"{path}: nested too deeply to be a policy config") from None
    return policy_config_from_dict(data, str(path))
