"""Load a training configuration, check it, and say plainly what is wrong.

``load_config(path, command="sft"|"grpo")`` reads the YAML, applies ``--set key=value`` overrides, validates
the shape (unknown and missing keys, types) and then what the command needs of the world: the model folder
exists, the SFT dataset has the ``messages`` and ``tools`` columns and no heldout task, the GRPO tasks exist
and none is heldout. Every problem becomes one line naming the file and the key; all of them are reported
together in one ``ConfigError``.
"""

from __future__ import annotations

import copy
import difflib
import types
import typing
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from training.config.schema import SFTSection, TrainingConfig
from training.errors import TrainingError

CONFIGS_DIR = Path(__file__).resolve().parent.parent / "configs"
COMMANDS = ("sft", "grpo")


class ConfigError(TrainingError, ValueError):
    """A configuration that cannot be used; ``problems`` holds one line per problem."""

    def __init__(self, source: str, problems: list[str]):
        self.source, self.problems = source, problems
        super().__init__("\n".join(f"{source}: {problem}" for problem in problems))


@dataclass(frozen=True)
class LoadedConfig:
    config: TrainingConfig
    source: Path
    raw: dict  # the document after overrides, as written to the run folder
    task_names: tuple[str, ...] = ()  # grpo: the tasks it trains on, resolved and checked


def resolve_config_path(name_or_path: str | Path) -> Path:
    """A path, or the name of a shipped config (``tiny-cpu`` -> training/configs/tiny-cpu.yaml)."""
    path = Path(name_or_path)
    if path.is_file():
        return path
    shipped = CONFIGS_DIR / f"{name_or_path}.yaml"
    return shipped if shipped.is_file() else path


def load_config(name_or_path: str | Path | Mapping, *, command: str | None = None, overrides: Sequence[str] = (),
                check_paths: bool = True, source: str | None = None) -> LoadedConfig:
    """From a file, a shipped config's name, or the document itself (a mapping: what the web app stores;
    ``source`` then names it in messages)."""
    if isinstance(name_or_path, Mapping):
        return _checked(copy.deepcopy(dict(name_or_path)), source or "config", None, command, overrides,
                        check_paths)
    path = resolve_config_path(name_or_path)
    source = str(path)
    if not path.is_file():
        shipped = ", ".join(sorted(p.stem for p in CONFIGS_DIR.glob("*.yaml")))
        raise ConfigError(source, [f"no such file (shipped configs: {shipped})"])
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark else ""
        raise ConfigError(source, [f"{where}not valid YAML ({getattr(exc, 'problem', None) or exc})"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(source, [f"cannot be read ({exc})"]) from None
    return _checked(raw, source, path, command, overrides, check_paths)


def _checked(raw, source: str, path: Path | None, command, overrides, check_paths) -> LoadedConfig:
    if not isinstance(raw, dict):
        raise ConfigError(source, ["expected a mapping of keys (name, model, adapter, sft, grpo, ...)"])
    raw = apply_overrides(raw, overrides, source)
    try:
        config = TrainingConfig.model_validate(raw)
    except ValidationError as exc:
        raise ConfigError(source, describe_validation_errors(exc)) from None
    problems: list[str] = []
    task_names: tuple[str, ...] = ()
    if command is not None:
        if command not in COMMANDS:
            raise ValueError(f"command must be one of {COMMANDS}")
        section = config.sft if command == "sft" else config.grpo
        if section is None:
            problems.append(f"{command}: missing: the '{command}' command needs a '{command}:' section "
                            f"(see {CONFIGS_DIR / 'tiny-cpu.yaml'})")
        elif check_paths:
            from training.config.checks import check_grpo, check_model, check_sft
            problems += check_model(config.model, "model")
            if isinstance(section, SFTSection):
                problems += check_sft(section)
            else:
                if section.model is not None:
                    problems += check_model(section.model, "grpo.model")
                task_problems, task_names = check_grpo(section)
                problems += task_problems
    if problems:
        raise ConfigError(source, problems)
    return LoadedConfig(config=config, source=path or Path(source), raw=raw, task_names=task_names)


def apply_overrides(raw: dict, overrides, source: str) -> dict:
    """``key.sub=value`` pairs (values read as YAML) applied to a copy of the document."""
    raw = copy.deepcopy(raw)
    for item in overrides or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(source, [f"--set {item!r}: expected KEY=VALUE, e.g. --set sft.max_steps=2"])
        target = raw
        parts = key.strip().split(".")
        for part in parts[:-1]:
            if not isinstance(target.get(part, {}), dict):
                raise ConfigError(source, [f"--set {item!r}: {part} is not a section"])
            target = target.setdefault(part, {})
        try:
            target[parts[-1]] = yaml.safe_load(value)
        except yaml.YAMLError:
            target[parts[-1]] = value
    return raw


# ---- pydantic errors -> one line per key --------------------------------------------------------

def _model_of(annotation) -> type[BaseModel] | None:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        for arg in typing.get_args(annotation):
            found = _model_of(arg)
            if found is not None:
                return found
    return None


def _model_at(keys: list[str]) -> type[BaseModel] | None:
    model: type[BaseModel] | None = TrainingConfig
    for key in keys:
        field = model.model_fields.get(key) if model else None
        model = _model_of(field.annotation) if field else None
    return model


def _key_path(loc: tuple) -> tuple[list[str], str]:
    """The real keys of a pydantic location (dropping union-branch tags) and their dotted form."""
    keys: list[str] = []
    model: type[BaseModel] | None = TrainingConfig
    dotted = ""
    for part in loc:
        if isinstance(part, int):
            dotted += f"[{part}]"
            continue
        if keys and _is_branch_tag(part) and (model is None or part not in model.model_fields):
            continue
        keys.append(part)
        dotted += ("." if dotted else "") + part
        field = model.model_fields.get(part) if model else None
        model = _model_of(field.annotation) if field else None
    return keys, dotted


def _is_branch_tag(part: str) -> bool:
    return part in ("int", "str", "float", "bool", "list", "dict") or part.startswith(("literal[", "function-"))


def describe_validation_errors(exc: ValidationError) -> list[str]:
    lines: dict[str, str] = {}
    for error in exc.errors():
        keys, dotted = _key_path(tuple(error["loc"]))
        kind = error["type"]
        if kind == "extra_forbidden":
            parent = _model_at(keys[:-1])
            known = sorted(parent.model_fields) if parent else []
            close = difflib.get_close_matches(keys[-1], known, n=1)
            hint = f"did you mean '{close[0]}'? " if close else ""
            message = f"unknown key; {hint}(known here: {', '.join(known)})"
        elif kind == "missing":
            message = "missing: this key is required"
        elif dotted in lines:  # a second branch of a union failed too: say what the key accepts
            lines[dotted] = _union_message(dotted, error)
            continue
        else:
            message = error["msg"].removeprefix("Value error, ")
            if "input" in error and not isinstance(error["input"], dict | list):
                message += f" (got {error['input']!r})"
        lines[dotted or "(top level)"] = message
    return [f"{key}: {message}" for key, message in lines.items()]


def _union_message(dotted: str, error: ErrorDetails) -> str:
    if dotted.endswith("max_length"):
        return f"must be a whole number of tokens or 'auto' (got {error.get('input')!r})"
    return f"{error['msg']} (got {error.get('input')!r})"
