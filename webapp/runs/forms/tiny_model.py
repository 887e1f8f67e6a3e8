"""The tiny model job's form, and the refusal the SFT and GRPO forms give when a config trains the tiny
model and it is not built yet (a missing model folder would otherwise only show up as a config problem,
saying nothing of the job that builds it)."""

from __future__ import annotations

from pathlib import Path

from django import forms
from django.core.exceptions import ValidationError
from django.urls import reverse

from training.config.load import ConfigError, load_config
from training.errors import TrainingError
from webapp.runs.selectors import TinyModelStatus, tiny_model_status

BUILD_JOB_LABEL = "Build the tiny model"


def build_job_url() -> str:
    return reverse("launch", args=["tiny_model"])


def tiny_model_missing(status: TinyModelStatus) -> str:
    """What to do when the tiny model is not built: the job that builds it, and where it will be."""
    return (f"the {status.config} config trains the tiny model in {status.configured} ({status.path} on this "
            f"server), which is not built yet: launch the '{BUILD_JOB_LABEL}' job first (Launch a job › "
            f"{BUILD_JOB_LABEL}, {build_job_url()}), then launch this again; or train another model with "
            "model.path=DIR in the overrides")


def tiny_model_refusal(config, command: str, problems: list[str], source: str = "") -> list[str] | None:
    """The refusal when ``config`` (a validated TrainingConfig) trains the tiny model and it is not built:
    the build job's instructions, then the config's other ``problems`` (ConfigError's lines, each then
    prefixed by ``source``). None when that is not the case."""
    status = tiny_model_status()
    if status.built:
        return None
    keys = [("model.path", config.model.path)]
    if command == "grpo" and config.grpo is not None and config.grpo.model is not None:
        keys.append(("grpo.model.path", config.grpo.model.path))
    tiny_keys = [key for key, path in keys if path and Path(path).absolute() == status.path]
    if not tiny_keys:
        return None
    others = [f"{source}: {line}" if source else line for line in problems
              if not any(line.startswith(f"{key}:") for key in tiny_keys)]
    return [tiny_model_missing(status), *others]


def explain_refused_config(source, command: str, overrides: list[str], exc: Exception) -> list[str] | None:
    """``tiny_model_refusal`` for a config ``load_config(source, command=..., overrides=...)`` refused
    with ``exc``: read again for its shape only (no path checked). None when it is not about the tiny model."""
    try:
        shape = load_config(source, overrides=overrides)
    except (ConfigError, TrainingError):
        return None
    if not isinstance(exc, ConfigError):
        return tiny_model_refusal(shape.config, command, [str(exc)])
    return tiny_model_refusal(shape.config, command, exc.problems, exc.source)


class TinyModelForm(forms.Form):
    """No path to give: the job writes where the tiny-cpu config looks (``tiny_model_status``)."""

    replace = forms.BooleanField(
        required=False, label="Build it again",
        help_text="replace the tiny model that is already there (the build is seeded, so the same code writes "
                  "the same model; a run that trained on it keeps its own merged copy)")

    def clean(self):
        super().clean()
        data = self.cleaned_data
        status = tiny_model_status()
        if status.exists and not data.get("replace"):
            if status.built:
                raise ValidationError(f"the tiny model is already built in {status.path}; there is nothing to do "
                                      "(tick 'Build it again' to replace it)")
            raise ValidationError(f"{status.path} exists but holds no config.json, so it is not a model folder; "
                                  "look at what is there, then tick 'Build it again' to replace it with the tiny "
                                  "model")
        return data

    def params(self) -> dict:
        return {"replace": bool(self.cleaned_data.get("replace"))}
