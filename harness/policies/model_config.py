"""Model config files (YAML): one served model behind an OpenAI-compatible endpoint, and how to ask it.

    name: qwen2.5-coder-7b-vllm        # the label in reports (default: model)
    model: stepwise-policy             # the name the endpoint serves
    base_url_env: STEPWISE_OPENAI_BASE_URL   # or base_url: http://host:8001/v1; neither: the harness's variables
    api_key_env: OPENAI_API_KEY        # the variable holding the key (the key itself never goes in a file)
    sampling: {temperature: 0.0, top_p: 1.0, max_tokens: 2048, seed: 0}
    tool_call_format: native           # or text: tools explained in the prompt, calls read from <tool_call>
    max_concurrent_requests: 8         # requests in flight at once, over all episodes
    prices: {input_per_million: 0.15, output_per_million: 0.60}   # USD; optional
    request: {timeout_s: 300, max_retries: 6, backoff_s: 1, max_retry_after_s: 120}
    extra_body: {}                     # merged into each request; a null removes a key

Everything used is recorded in each trajectory's ``policy.params`` (the key's variable name, never the
key). A bad file is refused with one line per problem naming the file and the field.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

import jsonschema
import jsonschema.exceptions
import yaml

from harness.policies.base import PolicyError
from harness.policies.openai import TOOL_CALL_FORMATS, OpenAIPolicy

MODELS_DIR = Path(__file__).resolve().parent.parent / "configs" / "models"
_NUMBER = {"type": "number"}
_VARIABLE = {"type": "string", "pattern": r"^[A-Za-z_][A-Za-z0-9_]*$"}
SCHEMA = {
    "type": "object",
    "required": ["model"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "kind": {"const": "openai"},
        "model": {"type": "string", "minLength": 1},
        "base_url": {"type": "string", "pattern": "^https?://"},
        "base_url_env": _VARIABLE,
        "api_key_env": _VARIABLE,
        "sampling": {"type": "object", "additionalProperties": False, "properties": {
            "temperature": {"anyOf": [{"type": "number", "minimum": 0}, {"type": "null"}]},
            "top_p": {"anyOf": [{"type": "number", "exclusiveMinimum": 0, "maximum": 1}, {"type": "null"}]},
            "max_tokens": {"type": "integer", "minimum": 1},
            "seed": {"anyOf": [{"type": "integer"}, {"type": "null"}]}}},
        "tool_call_format": {"enum": list(TOOL_CALL_FORMATS)},
        "max_concurrent_requests": {"type": "integer", "minimum": 1},
        "prices": {"type": "object", "additionalProperties": False,
                   "required": ["input_per_million", "output_per_million"],
                   "properties": {"input_per_million": {**_NUMBER, "minimum": 0},
                                  "output_per_million": {**_NUMBER, "minimum": 0},
                                  "currency": {"type": "string"}}},
        "request": {"type": "object", "additionalProperties": False, "properties": {
            "timeout_s": {**_NUMBER, "exclusiveMinimum": 0}, "max_retries": {"type": "integer", "minimum": 0},
            "backoff_s": {**_NUMBER, "minimum": 0}, "max_retry_after_s": {**_NUMBER, "minimum": 0}}},
        "extra_body": {"type": "object"},
    },
}
_VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)


class ModelConfigError(PolicyError):
    """A model config that cannot be used; one line per problem, each naming the file and the field."""

    def __init__(self, source: str, problems: list[str]):
        self.source, self.problems = source, problems
        super().__init__(f"model config {source}:\n" + "\n".join(f"  {p}" for p in problems))


@dataclass(frozen=True)
class Prices:
    """Price per million tokens, for the cost columns of reports."""

    input_per_million: float
    output_per_million: float
    currency: str = "USD"

    def to_json(self) -> dict:
        return {"input_per_million": self.input_per_million, "output_per_million": self.output_per_million,
                "currency": self.currency}


@dataclass(frozen=True)
class ModelConfig:
    model: str
    name: str | None = None
    base_url: str | None = None
    base_url_env: str | None = None
    api_key_env: str | None = None
    temperature: float | None = 0.0
    top_p: float | None = None
    max_tokens: int = 2048
    seed: int | None = None
    tool_call_format: str = "native"
    max_concurrent_requests: int | None = None
    prices: Prices | None = None
    timeout_s: float = 300.0
    max_retries: int = 6
    backoff_s: float = 1.0
    max_retry_after_s: float = 120.0
    extra_body: dict = field(default_factory=dict)
    source: str | None = None  # the file it was read from

    @property
    def label(self) -> str:
        return self.name or self.model

    def identity(self) -> dict:
        """What decides the model's answers: an evaluation folder refuses to mix two of these. Where
        the endpoint is, concurrency, retries and prices may change between resumes."""
        return {"kind": "openai", "model": self.model, "temperature": self.temperature, "top_p": self.top_p,
                "max_tokens": self.max_tokens, "seed": self.seed, "tool_call_format": self.tool_call_format,
                "extra_body": self.extra_body}

    def make_policy(self, **overrides) -> OpenAIPolicy:
        return OpenAIPolicy(
            self.model, base_url=self.base_url, base_url_env=self.base_url_env, api_key_env=self.api_key_env,
            temperature=self.temperature, top_p=self.top_p, max_tokens=self.max_tokens, seed=self.seed,
            tool_call_format=self.tool_call_format, max_concurrent_requests=self.max_concurrent_requests,
            prices=self.prices.to_json() if self.prices else None, timeout_s=self.timeout_s,
            max_retries=self.max_retries, backoff_s=self.backoff_s, max_retry_after_s=self.max_retry_after_s,
            extra_body=self.extra_body, origin=self.source, **overrides)


def _problems(data, known: dict) -> list[str]:
    out = []
    for err in sorted(_VALIDATOR.iter_errors(data), key=lambda e: list(e.absolute_path)):
        where = ".".join(str(p) for p in err.absolute_path)
        if err.validator == "additionalProperties":
            parent = known
            for part in err.absolute_path:
                parent = parent.get("properties", {}).get(part, {})
            names = sorted(parent.get("properties", {}))
            for key in sorted(set(err.instance) - set(names)):
                near = difflib.get_close_matches(str(key), names, n=1)
                hint = f" (did you mean {near[0]}?)" if near else f" (known: {', '.join(names)})"
                out.append(f"{where + '.' if where else ''}{key}: unknown key{hint}")
        else:
            message = jsonschema.exceptions.best_match(err.context).message if err.context else err.message
            out.append(f"{where or 'document'}: {message}")
    if isinstance(data, dict) and data.get("base_url") and data.get("base_url_env"):
        out.append("base_url, base_url_env: give one of them, not both")
    return out


def model_config_from_mapping(data, source: str) -> ModelConfig:
    """A ModelConfig from parsed YAML (a file's, or an entry of an experiment file); ``source`` names it."""
    if isinstance(data, dict):  # a top-level null means "not set" (api_key_env: null for a local vLLM)
        data = {key: value for key, value in data.items() if value is not None}
    problems = _problems(data, SCHEMA)
    if problems:
        raise ModelConfigError(source, problems)
    sampling, request, prices = data.get("sampling") or {}, data.get("request") or {}, data.get("prices")
    defaults = ModelConfig(model=data["model"])
    return ModelConfig(
        model=data["model"], name=data.get("name"), base_url=data.get("base_url"),
        base_url_env=data.get("base_url_env"), api_key_env=data.get("api_key_env"),
        temperature=sampling.get("temperature", defaults.temperature), top_p=sampling.get("top_p"),
        max_tokens=sampling.get("max_tokens", defaults.max_tokens), seed=sampling.get("seed"),
        tool_call_format=data.get("tool_call_format", "native"),
        max_concurrent_requests=data.get("max_concurrent_requests"),
        prices=Prices(float(prices["input_per_million"]), float(prices["output_per_million"]),
                      prices.get("currency", "USD")) if prices else None,
        timeout_s=float(request.get("timeout_s", defaults.timeout_s)),
        max_retries=int(request.get("max_retries", defaults.max_retries)),
        backoff_s=float(request.get("backoff_s", defaults.backoff_s)),
        max_retry_after_s=float(request.get("max_retry_after_s", defaults.max_retry_after_s)),
        extra_body=dict(data.get("extra_body") or {}), source=source)


def resolve_model_config_path(path_or_name: str | Path) -> Path:
    """A path, or the name of a shipped config (``vllm-local`` -> harness/configs/models/vllm-local.yaml)."""
    path = Path(path_or_name)
    if path.is_file():
        return path
    shipped = MODELS_DIR / f"{path_or_name}.yaml"
    if path.suffix == "" and shipped.is_file():
        return shipped
    names = ", ".join(sorted(p.stem for p in MODELS_DIR.glob("*.yaml"))) or "none"
    raise ModelConfigError(str(path_or_name), [f"no such file (shipped model configs: {names})"])


def load_model_config(path_or_name: str | Path) -> ModelConfig:
    path = resolve_model_config_path(path_or_name)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark else ""
        raise ModelConfigError(str(path), [f"{where}not valid YAML ({getattr(exc, 'problem', exc)})"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ModelConfigError(str(path), [f"cannot read it ({exc})"]) from None
    return model_config_from_mapping(data, str(path))
