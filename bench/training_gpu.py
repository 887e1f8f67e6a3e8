"""The training stack on one GPU, in a few minutes, with one command (nothing is downloaded):

    python bench/training_gpu.py [--out-dir bench/results] [--seq-len 16384] [--steps 4]
    python bench/training_gpu.py --smoke      # the same code on a CPU with small shapes: checks the script
                                              # (its results go to build/bench-smoke unless --out-dir)

1. ``big``: a 7B-shaped random Qwen2 (Qwen2.5-7B's shape: 28 layers, hidden 3584, 28/4 heads, MLP 18944,
   vocabulary 152064) in bf16 with DoRA r=16 on every linear layer and gradient checkpointing, one
   sequence of ``--seq-len`` tokens per optimizer step (loss on every token): peak GPU memory and
   tokens/s (median of the steps after the first). This is the memory and speed of one SFT step on a
   long trajectory; it needs only torch, transformers and peft.
2. ``sft``: the tiny offline model, two SFT steps in bf16 through ``run_sft`` (DoRA, assistant-only loss
   checked on the batch, evaluation, merge checked against the adapter). Needs trl and datasets.
3. ``grpo``: the tiny model, one GRPO step in bf16 through ``run_grpo`` on two training tasks: episodes in
   sandboxes (bwrap when installed, else the local backend), transformers generation on the GPU.

Each part runs on its own (a failure is recorded, the next part still runs). The table and the machine go to
``OUT_DIR/training_gpu.md``, the same with the whole record to ``OUT_DIR/training_gpu.json`` (bench/report.py,
as every bench), and a readable log to ``OUT_DIR/training_gpu.log``. Not a test: numbers depend on the machine.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.report import RESULTS_DIR, BenchRun, Table  # noqa: E402

QWEN25_7B = {"vocab_size": 152064, "hidden_size": 3584, "intermediate_size": 18944, "num_hidden_layers": 28,
             "num_attention_heads": 28, "num_key_value_heads": 4, "max_position_embeddings": 32768}
SMOKE_SHAPE = {"vocab_size": 4096, "hidden_size": 128, "intermediate_size": 256, "num_hidden_layers": 2,
               "num_attention_heads": 4, "num_key_value_heads": 2, "max_position_embeddings": 4096}
LINEAR = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
TASKS = ["bulk_upload_batches", "sensor_summary_reuse"]


class Log:
    def __init__(self, path: Path):
        self.handle = path.open("w", encoding="utf-8")

    def __call__(self, line: str) -> None:
        print(line, flush=True)
        self.handle.write(line + "\n")
        self.handle.flush()


def environment() -> dict:
    import torch

    out = {"python": platform.python_version(), "torch": torch.__version__, "cuda": torch.cuda.is_available()}
    if torch.cuda.is_available():
        props = torch.cuda.get_device_properties(0)
        out.update(device=props.name, memory_gib=round(props.total_memory / 2**30, 1),
                   bf16=torch.cuda.is_bf16_supported())
    for name in ("transformers", "peft", "trl", "datasets", "accelerate", "vllm"):
        try:
            out[name] = __import__(name).__version__
        except Exception as exc:  # noqa: BLE001 - record what is missing, run what can run
            out[name] = f"missing ({type(exc).__name__})"
    return out


# ---- 1. a 7B-shaped model: one long sequence per step ------------------------------------------

def big_model_steps(seq_len: int, steps: int, shape: dict, log: Log) -> dict:
    import torch
    from peft import LoraConfig, get_peft_model
    from transformers import Qwen2Config, Qwen2ForCausalLM

    cuda = torch.cuda.is_available()
    device = torch.device("cuda" if cuda else "cpu")
    dtype = torch.bfloat16 if cuda else torch.float32
    config = Qwen2Config(**shape, tie_word_embeddings=False, use_cache=False)
    started = time.perf_counter()
    default = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        with device:
            model = Qwen2ForCausalLM(config)
    finally:
        torch.set_default_dtype(default)
    base_parameters = sum(p.numel() for p in model.parameters())
    model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    model.enable_input_require_grads()
    model = get_peft_model(model, LoraConfig(r=16, lora_alpha=32, use_dora=True, target_modules=LINEAR,
                                             task_type="CAUSAL_LM"))
    trainable = sum(p.numel() for p in model.parameters() if p.requires_grad)
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=1e-5)
    log(f"big: {base_parameters / 1e9:.2f}B parameters, DoRA trains {trainable / 1e6:.1f}M, built in "
        f"{time.perf_counter() - started:.1f}s on {device}")
    if cuda:
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
        weights_gib = torch.cuda.memory_allocated() / 2**30
    generator = torch.Generator(device="cpu").manual_seed(0)
    times = []
    model.train()
    for step in range(steps):
        ids = torch.randint(0, shape["vocab_size"], (1, seq_len), generator=generator).to(device)
        begin = time.perf_counter()
        loss = model(input_ids=ids, labels=ids).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)
        if cuda:
            torch.cuda.synchronize()
        times.append(time.perf_counter() - begin)
        log(f"big: step {step + 1}/{steps}: {times[-1]:.2f}s, loss {loss.item():.3f}")
    measured = times[1:] or times
    result = {"shape": shape, "seq_len": seq_len, "steps": steps, "parameters": base_parameters,
              "trainable_parameters": trainable, "dtype": str(dtype).removeprefix("torch."),
              "step_seconds": [round(t, 3) for t in times], "median_step_s": round(statistics.median(measured), 3),
              "tokens_per_second": round(seq_len / statistics.median(measured), 1)}
    if cuda:
        result["weights_gib"] = round(weights_gib, 2)
        result["peak_gib"] = round(torch.cuda.max_memory_allocated() / 2**30, 2)
        result["peak_reserved_gib"] = round(torch.cuda.max_memory_reserved() / 2**30, 2)
    del model, optimizer
    if cuda:
        torch.cuda.empty_cache()
    return result


# ---- 2 and 3: the tiny model through run_sft and run_grpo ---------------------------------------

def tiny_dataset(folder: Path) -> Path:
    """A small SFT folder in the export-sft shape (train.jsonl, validation.jsonl)."""
    from harness.prompts import system_prompt, task_prompt
    from harness.tools import toolset

    def row(task: str, n: int) -> dict:
        call = {"id": "c1", "type": "function", "function": {"name": "bash", "arguments": {"command": "python -m pytest -q"}}}
        done = {"id": "c2", "type": "function", "function": {"name": "done", "arguments": {}}}
        messages = [{"role": "system", "content": system_prompt("base")},
                    {"role": "user", "content": task_prompt(f"a bug report ({n})", ["a.py"], ["test_a.py"])},
                    {"role": "assistant", "content": None, "tool_calls": [call]},
                    {"role": "tool", "tool_call_id": "c1", "content": "1 failed, 2 passed"},
                    {"role": "assistant", "content": None, "tool_calls": [done]}]
        return {"messages": messages, "tools": toolset("base"), "task": task, "episode_id": f"{task}-{n}"}

    folder.mkdir(parents=True, exist_ok=True)
    for split, rows in {"train": [row(TASKS[0], n) for n in range(4)], "validation": [row(TASKS[1], 9)]}.items():
        (folder / f"{split}.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return folder


def tiny_config(work: Path, model: Path, dataset: Path, *, precision: str, sandbox: str) -> Path:
    import yaml

    from training.config.load import CONFIGS_DIR

    doc = yaml.safe_load((CONFIGS_DIR / "tiny-cpu.yaml").read_text(encoding="utf-8"))
    doc.update(model={"path": str(model)}, runs_dir=str(work / "runs"), precision=precision)
    doc["sft"]["dataset"] = str(dataset)
    doc["grpo"].update(tasks=TASKS, max_turns=2)
    doc["grpo"]["sandbox"]["backend"] = sandbox
    doc["grpo"]["generation"]["max_new_tokens"] = 32
    path = work / "tiny.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return path


def timed_run(kind: str, config: Path, work: Path, log: Log) -> dict:
    import torch

    from training.config.load import load_config

    loaded = load_config(config, command=kind)
    if kind == "sft":
        from training.sft.run import run_sft as run
    else:
        from training.grpo.run import run_grpo as run
    if torch.cuda.is_available():
        torch.cuda.reset_peak_memory_stats()
    begin = time.perf_counter()
    def report(progress) -> None:
        if progress.phase != "train" or ":" in progress.message:  # phases, and steps with their metrics
            log(f"{kind}: {progress.phase}: {progress.message}")

    result = run(loaded, out=work / f"run-{kind}", progress_bar=False, on_progress=report)
    out = {"seconds": round(time.perf_counter() - begin, 2), "summary": result.summary,
           "run_json": json.loads((result.run / "run.json").read_text(encoding="utf-8"))}
    if torch.cuda.is_available():
        out["peak_gib"] = round(torch.cuda.max_memory_allocated() / 2**30, 3)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out-dir", help="default bench/results (the committed one); build/bench-smoke with --smoke")
    parser.add_argument("--seq-len", type=int, default=16384)
    parser.add_argument("--steps", type=int, default=4, help="optimizer steps of the 7B-shaped model (first = warm-up)")
    parser.add_argument("--parts", default="big,sft,grpo", help="which parts to run, comma-separated")
    parser.add_argument("--smoke", action="store_true", help="CPU, small shapes: check that the script runs")
    args = parser.parse_args(argv)
    out_dir = Path(args.out_dir or (ROOT / "build" / "bench-smoke" if args.smoke else RESULTS_DIR))
    out_dir.mkdir(parents=True, exist_ok=True)
    run = BenchRun("training_gpu", out_dir=out_dir, argv=None if argv is None else [__file__, *argv])
    log = Log(out_dir / "training_gpu.log")
    record = {"started_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"), "environment": environment(), "smoke": args.smoke}
    log(f"environment: {json.dumps(record['environment'])}")
    if not record["environment"]["cuda"] and not args.smoke:
        log("no CUDA device: run with --smoke to check the script on a CPU (the results file is left as it is)")
        return 2
    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    work = Path(tempfile.mkdtemp(prefix="stepwise-gpu-bench-"))
    try:
        if "big" in parts:
            shape, seq_len, steps = (SMOKE_SHAPE, 256, 2) if args.smoke else (QWEN25_7B, args.seq_len, args.steps)
            record["big"] = attempt(log, "big", lambda: big_model_steps(seq_len, steps, shape, log))
        if {"sft", "grpo"} & set(parts):
            from training.tiny import build_tiny_model

            model = build_tiny_model(work / "tiny-qwen2")
            sandbox = "bwrap" if shutil.which("bwrap") else "local"
            config = tiny_config(work, model, tiny_dataset(work / "sft-data"), sandbox=sandbox,
                                 precision="auto" if args.smoke else "bf16")
            record["sandbox"] = sandbox
            for kind in ("sft", "grpo"):
                if kind in parts:
                    record[kind] = attempt(log, kind, lambda kind=kind: timed_run(kind, config, work, log))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        record["finished_at"] = time.strftime("%Y-%m-%dT%H:%M:%S%z")
        env = record["environment"]
        device = f"{env['device']} ({env['memory_gib']} GiB)" if env.get("cuda") else "no GPU (CPU)"
        run.write([summarise(record)], data=record, notes=[
            f"Device: {device}; torch {env['torch']}, transformers {env['transformers']}, peft {env['peft']}, "
            f"trl {env['trl']}." + (" **Smoke run: small shapes on a CPU, not GPU figures.**" if args.smoke else "")])
    return 0 if all("error" not in (record.get(p) or {}) for p in parts) else 1


def attempt(log: Log, name: str, work) -> dict:
    try:
        return work()
    except Exception as exc:  # noqa: BLE001 - one part failing must not lose the others' numbers
        log(f"{name}: FAILED: {type(exc).__name__}: {exc}")
        return {"error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc()}


def summarise(record: dict) -> Table:
    table = Table(["part", "result"])
    big = record.get("big") or {}
    if "error" in big:
        table.add("7B-shaped DoRA SFT step", f"failed: {big['error']}")
    elif big:
        table.add(f"7B-shaped DoRA SFT step, {big['seq_len']} tokens",
                  f"peak {big.get('peak_gib', 'n/a')} GiB (weights {big.get('weights_gib', 'n/a')} GiB), "
                  f"{big['median_step_s']} s/step, {big['tokens_per_second']} tokens/s")
    for kind, label in (("sft", "tiny SFT, 2 steps"), ("grpo", "tiny GRPO, 1 step")):
        part = record.get(kind) or {}
        if "error" in part:
            table.add(label, f"failed: {part['error']}")
        elif part:
            table.add(label, f"{part['run_json']['state']} in {part['seconds']} s, peak {part.get('peak_gib', 'n/a')} GiB")
    return table


if __name__ == "__main__":
    sys.exit(main())
