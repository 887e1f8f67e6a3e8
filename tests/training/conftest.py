"""Fixtures for the training tests: the tiny offline Qwen2-style model (random weights, a byte-level BPE
trained here: a real model cannot be downloaded in tests and would not fit a CPU), an SFT dataset folder in
the export-sft shape, and configs pointing at them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from corpus.format import TASKS_DIR
from harness.prompts import system_prompt, task_prompt
from harness.tools import toolset
from tests.helpers.built_once import built_once
from training.config.load import CONFIGS_DIR

# Real training tasks (corpus/splits.json says train), small and without dependencies.
TRAIN_TASKS = ("bulk_upload_batches", "sensor_summary_reuse")


@pytest.fixture(scope="session")
def tiny_model(tmp_path_factory) -> Path:
    from training.tiny import build_tiny_model

    return built_once(tmp_path_factory, "tiny-qwen2", build_tiny_model)


def call(call_id: str, name: str, arguments: dict) -> dict:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def example(task: str, split: str, n: int, *, arm: str = "base") -> dict:
    """One row as export-sft writes it: a short episode, tool-call arguments as JSON objects."""
    messages = [
        {"role": "system", "content": system_prompt(arm)},
        {"role": "user", "content": task_prompt(f"Uploads are split into wrong batches ({n}).", ["batching.py"],
                                                ["test_upload.py"])},
        {"role": "assistant", "content": None, "tool_calls": [call("c1", "bash", {"command": "wc -l -c batching.py"})]},
        {"role": "tool", "tool_call_id": "c1", "content": "17 402 batching.py"},
        {"role": "assistant", "content": "The batch size is off by one.",
         "tool_calls": [call("c2", "edit_file", {"file_path": "batching.py", "old_string": "size - 1",
                                                 "new_string": "size"})]},
        {"role": "tool", "tool_call_id": "c2", "content": "Successfully replaced 1 occurrence(s) in batching.py"},
        {"role": "assistant", "content": None, "tool_calls": [call("c3", "done", {})]},
    ]
    return {"messages": messages, "tools": toolset(arm), "task": task, "split": split, "arm": arm,
            "source": "rollout", "skill": None, "preference": "recommended", "policy_version": "pdb_policy_v1",
            "quality_score": 0.9, "episode_id": f"{task}-{n}", "teacher": "script:fixture"}


def write_sft_dataset(folder: Path, rows: dict[str, list[dict]], *, saved: bool = True) -> Path:
    """The export-sft folder shape: JSON Lines per split, the same rows via save_to_disk, a manifest."""
    from datasets import Dataset, DatasetDict

    from training.sft_dataset import _features_for

    folder.mkdir(parents=True, exist_ok=True)
    for split, split_rows in rows.items():
        with (folder / f"{split}.jsonl").open("w", encoding="utf-8") as handle:
            for row in split_rows:
                handle.write(json.dumps(row) + "\n")
    if saved:
        columns = sorted({key for split_rows in rows.values() for row in split_rows for key in row})
        DatasetDict({split: Dataset.from_list(split_rows, features=_features_for(columns))
                     for split, split_rows in rows.items()}).save_to_disk(str(folder))
    manifest = {"counts": {split: len(split_rows) for split, split_rows in rows.items()},
                "policy_version": "pdb_policy_v1"}
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    (folder / "README.md").write_text("# fixture SFT dataset\n", encoding="utf-8")
    return folder


@pytest.fixture(scope="session")
def sft_dataset(tmp_path_factory) -> Path:
    rows = {"train": [example(TRAIN_TASKS[0], "train", n) for n in range(3)] + [example(TRAIN_TASKS[1], "train", 9)],
            "validation": [example("ledger_event_dispatch", "validation", 5)]}
    return built_once(tmp_path_factory, "sft-data", lambda folder: write_sft_dataset(folder, rows))


@pytest.fixture
def write_config(tmp_path, tiny_model, sft_dataset):
    """write_config(**section_changes) -> a tiny-cpu config file pointing at the fixtures."""

    def write(name: str = "config.yaml", raw: dict | None = None, **changes) -> Path:
        doc = raw if raw is not None else yaml.safe_load((CONFIGS_DIR / "tiny-cpu.yaml").read_text())
        doc["model"] = {"path": str(tiny_model)}
        doc["runs_dir"] = str(tmp_path / "runs")
        doc["sft"]["dataset"] = str(sft_dataset)
        for dotted, value in changes.items():
            target = doc
            *parents, last = dotted.split("__")
            for part in parents:
                target = target.setdefault(part, {})
            if value is _DELETE:
                target.pop(last, None)
            else:
                target[last] = value
        path = tmp_path / name
        path.write_text(yaml.safe_dump(doc), encoding="utf-8")
        return path

    return write


_DELETE = object()


@pytest.fixture
def delete():
    return _DELETE


# ---- scripted completions: a stand-in for a model that calls tools usefully ---------------------

def tool_call_text(name: str, arguments: dict) -> str:
    return "<tool_call>\n" + json.dumps({"name": name, "arguments": arguments}) + "\n</tool_call>"


BATCHING_FIX = {
    "file_path": "batching.py",
    "old_string": "        batch = itertools.islice(iterator, size)\n        try:\n            first = next(batch)\n"
                  "        except StopIteration:\n            return\n        yield itertools.chain([first], batch)",
    "new_string": "        batch = list(itertools.islice(iterator, size))\n        if not batch:\n            return\n"
                  "        yield batch",
}
SUMMARY_FIX = {"file_path": "summary.py", "old_string": "readings = valid(parse_readings(lines))",
               "new_string": "readings = list(valid(parse_readings(lines)))"}

# Per task, two episodes' replies: the first of each pair is the behaviour the task's label asks for.
SCRIPTS = {
    "bulk_upload_batches": [  # recommended: inspect at a breakpoint, then fix, test, done
        ["I will read the batching code first.\n" + tool_call_text("bash", {"command": "sed -n '1,20p' batching.py"}),
         tool_call_text("start_debugger", {"file": "test_upload.py"}),
         tool_call_text("add_breakpoint", {"file": "uploader.py", "line": 32}),
         tool_call_text("continue_execution", {}),
         tool_call_text("print_variable", {"name": "(len(plan), type(plan[0]).__name__)"}),
         tool_call_text("edit_file", BATCHING_FIX),
         tool_call_text("bash", {"command": "python -m pytest -q"}),
         tool_call_text("done", {})],
        ["Let me just finish.",  # no tool call: an invalid reply, which costs its turn
         tool_call_text("bash", {"command": "python -m pytest -q"}),
         tool_call_text("done", {})],
    ],
    "sensor_summary_reuse": [  # avoid: fix from the source, never open the debugger
        [tool_call_text("bash", {"command": "sed -n '1,25p' summary.py"}),
         tool_call_text("edit_file", SUMMARY_FIX),
         tool_call_text("bash", {"command": "python -m pytest -q"}),
         tool_call_text("done", {})],
        [tool_call_text("start_debugger", {"file": "test_summary.py"}),
         tool_call_text("done", {})],
    ],
}


class ScriptedGenerator:
    """Replies from SCRIPTS as token ids ending with the end-of-turn token, like a sampler's output. It
    reads the context as a model would: which task (the bug report), which turn (assistant turns so
    far), which episode (the replies already in the context; a new one gets the next unused script)."""

    name = "scripted"

    def __init__(self, tokenizer):
        from corpus.format import load_task

        self.tokenizer = tokenizer
        self.descriptions = {name: load_task(TASKS_DIR / name).description for name in SCRIPTS}
        self.started: dict[str, int] = {}
        self.calls: list[tuple[str, int, int]] = []  # (task, script, turn)
        self.sent: list[list[int]] = []

    def reply_ids(self, text: str) -> list[int]:
        return list(self.tokenizer(text, add_special_tokens=False)["input_ids"]) + [self.tokenizer.eos_token_id]

    def generate(self, contexts, max_new_tokens):
        from training.grpo.generation import Sample

        samples = []
        for context in contexts:
            text = self.tokenizer.decode(context)
            task = next(name for name, description in self.descriptions.items() if description in text)
            turn = text.count("<|im_start|>assistant") - 1
            if turn == 0:
                script = self.started.get(task, 0) % len(SCRIPTS[task])
                self.started[task] = self.started.get(task, 0) + 1
            else:
                script = next(i for i, replies in enumerate(SCRIPTS[task]) if replies[0] in text)
            replies = SCRIPTS[task][script]
            ids = self.reply_ids(replies[min(turn, len(replies) - 1)])
            self.calls.append((task, script, turn))
            self.sent.append(ids)
            samples.append(Sample(ids, None))
        return samples


@pytest.fixture
def scripted(tiny_model):
    from transformers import AutoTokenizer

    return ScriptedGenerator(AutoTokenizer.from_pretrained(tiny_model))
