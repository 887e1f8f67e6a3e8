"""The tiny model: training's own builder (``training.tiny``, what ``python -m training tiny-model`` runs)
writing where the tiny-cpu config looks, on the training queue, so it lands on the machines that train."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from training.tiny import install_tiny_model
from webapp.runs.forms.tiny_model import BUILD_JOB_LABEL, TinyModelForm
from webapp.runs.params import JobParams
from webapp.runs.registry import JobFailure, JobType, Queue, register
from webapp.runs.selectors import tiny_model_status


@dataclass(frozen=True)
class TinyModelParams(JobParams):
    kind: ClassVar[str] = "tiny_model"
    replace: bool = False  # build it again over the one there


@register
class TinyModelJob(JobType):
    kind = "tiny_model"
    label = BUILD_JOB_LABEL
    description = ("the tiny random Qwen2-style model the tiny-cpu config trains, built where it looks for it, "
                   "offline in seconds: for smoke runs of SFT and GRPO, not for real training")
    queue = Queue.TRAINING
    unit = "models"
    form_class = TinyModelForm
    params_class = TinyModelParams

    def run(self, work):
        status = tiny_model_status()  # on this worker
        replace = TinyModelParams.of(work.params).replace
        if status.exists and not replace:  # built since the form looked (another job, the command line)
            work.log(f"{status.path} is already there; it was left as it is (launch with 'Build it again' "
                     "to replace it)")
            return {"path": str(status.path), "built": False, "replaced": False}
        work.progress(0, 1, f"building the tiny model in {status.path}", unit=self.unit)
        try:
            install_tiny_model(status.path, replace=replace)
        except FileExistsError as exc:
            work.log(str(exc))
            return {"path": str(status.path), "built": False, "replaced": False}
        except OSError as exc:
            raise JobFailure(f"the tiny model could not be written to {status.path}: {exc}; the worker needs "
                             f"to be able to write {status.path.parent} (its working directory is the project "
                             "folder, where the tiny-cpu config looks)") from None
        work.progress(1, 1, f"built in {status.path}")
        work.log(f"the tiny model is built in {status.path}" + (" (it replaced the one there)" if status.exists
                                                                 else ""))
        return {"path": str(status.path), "built": True, "replaced": status.exists}

    def describe(self, params: TinyModelParams) -> str:
        return "again, replacing the one there" if params.replace else ""
