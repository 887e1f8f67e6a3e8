"""The servable model: the trained adapter merged into the base weights (``merge_and_unload``).

vLLM does not serve DoRA adapters, so every run that trains one writes ``RUN/merged/``. The merge starts
from the saved adapter (not the trainer's in-memory model), so it works the same after DDP, FSDP or
ZeRO-3 training; then the merged folder is reloaded from disk and its logits on a probe are compared
with the adapter model's. A merge that changes the model's outputs is refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from training.errors import TrainingError

# Largest |logit difference| accepted, relative to the largest |logit| of the probe.
TOLERANCE = {"float32": 1e-4, "bfloat16": 3e-2, "float16": 3e-2}


class MergeError(TrainingError, RuntimeError):
    pass


@dataclass
class MergeCheck:
    max_abs_diff: float
    max_abs_logit: float
    tolerance: float
    probe_tokens: int
    dtype: str

    @property
    def relative(self) -> float:
        return self.max_abs_diff / max(self.max_abs_logit, 1e-12)

    def to_dict(self) -> dict:
        return {"max_abs_diff": self.max_abs_diff, "max_abs_logit": self.max_abs_logit,
                "relative_diff": self.relative, "tolerance": self.tolerance,
                "probe_tokens": self.probe_tokens, "dtype": self.dtype}


def _logits(model, probe):
    import torch

    with torch.no_grad():
        return model(input_ids=probe.to(model.device)).logits.float().cpu()


def merge_adapter(base: str, adapter_dir: str | Path, out_dir: str | Path, *, dtype, probe_ids: list[int],
                  device: str | None = None) -> MergeCheck:
    """Merge the adapter in ``adapter_dir`` into ``base``, save to ``out_dir`` (with the tokenizer found in
    ``adapter_dir``), reload it and compare logits on ``probe_ids``."""
    import torch
    from peft import PeftModel
    from transformers import AutoModelForCausalLM, AutoTokenizer

    device = device or ("cuda" if torch.cuda.is_available() else "cpu")
    probe = torch.tensor([probe_ids], dtype=torch.long)
    model = AutoModelForCausalLM.from_pretrained(base, dtype=dtype).to(device)  # pyright: ignore[reportArgumentType]  # transformers wraps `to` with functools.wraps(Module.to): the checker sees an unbound function
    model = PeftModel.from_pretrained(model, str(adapter_dir)).eval()
    expected = _logits(model, probe)
    merged = model.merge_and_unload()
    out_dir = Path(out_dir)
    merged.save_pretrained(out_dir)
    AutoTokenizer.from_pretrained(str(adapter_dir)).save_pretrained(out_dir)
    del merged, model
    if device == "cuda":
        torch.cuda.empty_cache()
    reloaded = AutoModelForCausalLM.from_pretrained(out_dir, dtype=dtype).to(device).eval()  # pyright: ignore[reportArgumentType]  # as above: functools.wraps(Module.to)
    got = _logits(reloaded, probe)
    del reloaded
    dtype_name = str(dtype).removeprefix("torch.")
    check = MergeCheck(max_abs_diff=float((expected - got).abs().max()), max_abs_logit=float(expected.abs().max()),
                       tolerance=TOLERANCE.get(dtype_name, 3e-2), probe_tokens=len(probe_ids), dtype=dtype_name)
    if not check.relative <= check.tolerance:
        raise MergeError(f"the merged model's logits differ from the adapter's by {check.max_abs_diff:.3g} "
                         f"({check.relative:.2g} of the largest logit, tolerance {check.tolerance}); "
                         f"{out_dir} is not a faithful merge: do not serve it")
    return check
