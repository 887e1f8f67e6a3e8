"""Experiment files (YAML): the write-up's control experiment as data — which models, on which tasks,
how many runs, what turn budget — so the whole comparison is one command.

    name: control
    out: evals/control                 # where everything goes (python -m harness experiment --out overrides)
    split: heldout                     # or tasks: [name, ...]
    arms: [base, dbg]
    runs: 3
    max_turns: 50
    workers: 4
    sandbox: bwrap
    max_infra_errors: 5
    models:
      - model_config: vllm-local       # a shipped model config's name, or a path (relative to this file)
      - model_config: openai
        name: gpt-5.4 (hosted)         # the label in the comparison (default: the config's name)
      - name: my-endpoint              # or a model config written inline
        model: my-model
        base_url_env: MY_MODEL_URL
      - name: scripted baseline        # or any policy spec
        policy: script:calls.json

Every model gets the same tasks, runs and turn budget. A bad file is refused with one line per
problem naming the file and the field.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

import jsonschema
import yaml

from harness.arms import ARMS
from harness.eval.breaker import DEFAULT_LIMIT
from harness.policies import PolicyError, parse_spec
from harness.policies.model_config import (
    ModelConfig,
    ModelConfigError,
    load_model_config,
    model_config_from_mapping,
)
from harness.sandbox.backends import BACKEND_NAMES, DEFAULT_BACKEND

EXPERIMENTS_DIR = Path(__file__).resolve().parent.parent / "configs" / "experiments"
SETTINGS = {
    "name": {"type": "string", "minLength": 1},
    "out": {"type": "string", "minLength": 1},
    "split": {"type": "string", "minLength": 1},
    "tasks": {"type": "array", "minItems": 1, "items": {"type": "string", "minLength": 1}},
    "tasks_dir": {"type": "string", "minLength": 1},
    "arms": {"type": "array", "minItems": 1, "uniqueItems": True, "items": {"enum": list(ARMS)}},
    "runs": {"type": "integer", "minimum": 1},
    "max_turns": {"type": "integer", "minimum": 1},
    "workers": {"type": "integer", "minimum": 1},
    "sandbox": {"enum": list(BACKEND_NAMES)},
    "policy_config": {"type": "string", "minLength": 1},
    "max_infra_errors": {"type": "integer", "minimum": 1},
    "models": {"type": "array", "minItems": 1, "items": {"type": "object"}},
}
SCHEMA = {"type": "object", "required": ["models"], "additionalProperties": False, "properties": SETTINGS}
_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


class ExperimentError(ValueError):
    """An experiment file that cannot be run; one line per problem, each naming the file and the field."""

    def __init__(self, source: str, problems: list[str]):
        self.source, self.problems = source, problems
        super().__init__(f"experiment {source}:\n" + "\n".join(f"  {p}" for p in problems))


@dataclass(frozen=True)
class ExperimentModel:
    label: str  # the model's name in the comparison
    slug: str  # its folder under OUT/models/
    model_config: ModelConfig | None = None
    policy: str | None = None  # a policy spec, for models not behind a model config


@dataclass(frozen=True)
class Experiment:
    name: str
    source: Path
    out: Path
    models: tuple[ExperimentModel, ...]
    split: str | None = "heldout"
    tasks: tuple[str, ...] | None = None
    tasks_dir: str | None = None
    arms: tuple[str, ...] = ARMS
    runs: int = 3
    max_turns: int = 50
    workers: int = 2
    sandbox: str = DEFAULT_BACKEND
    policy_config: str | None = None
    max_infra_errors: int = DEFAULT_LIMIT


def slug_of(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-") or "model"


def _model(entry, index: int, base: Path, source: str) -> tuple[ExperimentModel | None, list[str]]:
    where = f"models[{index}]"
    if not isinstance(entry, dict):
        return None, [f"{where}: expected a mapping (model_config: NAME, policy: SPEC, or a model config inline)"]
    entry = dict(entry)
    label = entry.pop("name", None)
    if label is not None and not (isinstance(label, str) and label.strip()):
        return None, [f"{where}.name: expected a non-empty string"]
    given = [key for key in ("model_config", "policy", "model") if key in entry]
    if len(given) != 1:
        return None, [f"{where}: give exactly one of model_config (a file or shipped name), policy (a spec) "
                      f"or model (a model config inline); got {', '.join(given) or 'none'}"]
    try:
        if "policy" in entry:
            extra = sorted(set(entry) - {"policy"})
            if extra:
                return None, [f"{where}.{extra[0]}: unknown key beside policy (known: name, policy)"]
            if not isinstance(entry["policy"], str):
                return None, [f"{where}.policy: expected a policy spec string, e.g. script:calls.json"]
            parse_spec(entry["policy"])
            return ExperimentModel(label or entry["policy"], "", policy=entry["policy"]), []
        if "model_config" in entry:
            extra = sorted(set(entry) - {"model_config"})
            if extra:
                near = difflib.get_close_matches(extra[0], ["name", "model_config"], n=1)
                return None, [f"{where}.{extra[0]}: unknown key beside model_config"
                              + (f" (did you mean {near[0]}?)" if near else " (known: name, model_config)")]
            reference = str(entry["model_config"])
            relative = base / reference
            config = load_model_config(relative if relative.is_file() else reference)
        else:
            config = model_config_from_mapping({**entry, **({"name": label} if label else {})}, f"{source} {where}")
    except ModelConfigError as exc:
        inline = exc.source == f"{source} {where}"
        return None, [f"{where}.{problem}" if inline else f"{where}: {exc.source}: {problem}" for problem in exc.problems]
    except PolicyError as exc:
        return None, [f"{where}.policy: {exc}"]
    return ExperimentModel(label or config.label, "", model_config=config), []


def experiment_from_mapping(data, source: Path, out: str | Path | None = None) -> Experiment:
    name = str(source)
    if not isinstance(data, dict):
        raise ExperimentError(name, ["document: expected a mapping with a models list"])
    problems = []
    for err in sorted(_VALIDATOR.iter_errors(data), key=lambda e: list(e.absolute_path)):
        where = ".".join(str(p) for p in err.absolute_path)
        if err.validator == "additionalProperties":
            for key in sorted(set(err.instance) - set(SETTINGS)):
                near = difflib.get_close_matches(str(key), list(SETTINGS), n=1)
                problems.append(f"{key}: unknown key" + (f" (did you mean {near[0]}?)" if near else ""))
        else:
            problems.append(f"{where or 'document'}: {err.message}")
    if "split" in data and "tasks" in data:
        problems.append("split, tasks: give one of them, not both")
    if problems:
        raise ExperimentError(name, problems)
    models = []
    for index, entry in enumerate(data["models"]):
        model, found = _model(entry, index, source.parent, name)
        problems += found
        if model is not None:
            models.append(model)
    slugs: dict[str, str] = {}
    final = []
    for model in models:
        slug = slug_of(model.label)
        if slug in slugs:
            problems.append(f"models: {model.label!r} and {slugs[slug]!r} would share the folder models/{slug}; "
                            "give them different names")
        slugs[slug] = model.label
        final.append(ExperimentModel(model.label, slug, model.model_config, model.policy))
    if problems:
        raise ExperimentError(name, problems)
    target = out or data.get("out") or f"evals/{slug_of(data.get('name') or source.stem)}"
    return Experiment(
        name=data.get("name") or source.stem, source=source, out=Path(target), models=tuple(final),
        split=None if "tasks" in data else data.get("split", "heldout"),
        tasks=tuple(data["tasks"]) if "tasks" in data else None, tasks_dir=data.get("tasks_dir"),
        arms=tuple(data.get("arms", ARMS)), runs=data.get("runs", 3), max_turns=data.get("max_turns", 50),
        workers=data.get("workers", 2), sandbox=data.get("sandbox", DEFAULT_BACKEND), policy_config=data.get("policy_config"),
        max_infra_errors=data.get("max_infra_errors", DEFAULT_LIMIT))


def resolve_experiment_path(path_or_name: str | Path) -> Path:
    """A path, or the name of a shipped experiment (``control`` -> harness/configs/experiments/control.yaml)."""
    path = Path(path_or_name)
    if path.is_file():
        return path
    shipped = EXPERIMENTS_DIR / f"{path_or_name}.yaml"
    if path.suffix == "" and shipped.is_file():
        return shipped
    names = ", ".join(sorted(p.stem for p in EXPERIMENTS_DIR.glob("*.yaml"))) or "none"
    raise ExperimentError(str(path_or_name), [f"no such file (shipped experiments: {names})"])


def load_experiment(path_or_name: str | Path, *, out: str | Path | None = None) -> Experiment:
    path = resolve_experiment_path(path_or_name)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark else ""
        raise ExperimentError(str(path), [f"{where}not valid YAML ({getattr(exc, 'problem', exc)})"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ExperimentError(str(path), [f"cannot read it ({exc})"]) from None
    return experiment_from_mapping(data, path, out)
