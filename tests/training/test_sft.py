"""SFT with DoRA on the tiny offline model and an export-sft-shaped dataset: two steps on a CPU, only
assistant tokens carrying loss, evaluation, checkpoints, and a merged model whose logits match the
adapter's."""

from __future__ import annotations

import json

import pytest

from harness.policies import make_policy
from tests.training.conftest import example, write_sft_dataset
from training.config.load import load_config
from training.sft.lengths import LengthError
from training.sft.masking import IGNORE, MaskingError, check_assistant_only, turns
from training.sft.run import run_sft


@pytest.mark.slow
def test_two_dora_steps_train_only_assistant_tokens_then_merge_matches_the_adapter(write_config, tmp_path):
    import torch
    from peft import PeftModel
    from transformers import AutoModelForCausalLM, AutoTokenizer

    progress = []
    loaded = load_config(write_config(), command="sft")
    result = run_sft(loaded, out=tmp_path / "run", on_progress=progress.append, progress_bar=False)

    run = json.loads((result.run / "run.json").read_text())
    assert run["state"] == "finished" and run["kind"] == "sft" and run["merged"] == "merged"
    assert run["adapter"]["method"] == "dora"
    # The batch check ran on a real batch: assistant turns trained, the others not.
    assert run["assistant_only"]["assistant_turns"] >= 3 and run["assistant_only"]["other_turns"] >= 4
    assert run["lengths"]["max_length"] == run["lengths"]["longest_example"] and run["lengths"]["dropped"] == []
    metrics = [json.loads(line) for line in (result.run / "metrics.jsonl").read_text().splitlines()]
    train = [m for m in metrics if m["split"] == "train" and "loss" in m]
    assert [m["step"] for m in train] == [1, 2] and all(m["loss"] > 0 for m in train)
    assert any("tokens_per_second" in m for m in train)
    assert [m["step"] for m in metrics if m["split"] == "eval"] == [1, 2]
    assert (result.run / "checkpoints" / "checkpoint-2").is_dir() and (result.run / "config.yaml").is_file()
    assert progress[-1].phase == "finished" and any(p.phase == "merge" for p in progress)
    assert [p.step for p in progress if p.phase == "train" and p.message.startswith("step")][:2] == [1, 1]

    # The merged model, reloaded from disk, gives the adapter's logits.
    tokenizer = AutoTokenizer.from_pretrained(result.merged)
    ids = torch.tensor([tokenizer("def add(self, value):\n    return value")["input_ids"]])
    base = AutoModelForCausalLM.from_pretrained(loaded.config.model.path)
    adapter = PeftModel.from_pretrained(base, result.run / "checkpoints" / "final").eval()
    merged = AutoModelForCausalLM.from_pretrained(result.merged).eval()
    with torch.no_grad():
        difference = (adapter(input_ids=ids).logits - merged(input_ids=ids).logits).abs().max().item()
    assert difference < 1e-4
    assert run["summary"]["merge_check"]["max_abs_diff"] < 1e-4
    # Training changed the model: the merged weights are not the base weights.
    fresh = AutoModelForCausalLM.from_pretrained(loaded.config.model.path).eval()
    with torch.no_grad():
        assert (fresh(input_ids=ids).logits - merged(input_ids=ids).logits).abs().max() > 1e-6

    # The merged folder is what an evaluation loads: `python -m harness eval --policy hf:RUN/merged`.
    policy = make_policy(f"hf:{result.merged}?max_new_tokens=4&device=cpu")
    row = example("bulk_upload_batches", "train", 1)
    turn = policy.act(row["messages"][:2], row["tools"])
    assert turn.usage["completion_tokens"] <= 4 and turn.message["role"] == "assistant"


def test_the_batch_check_names_a_user_token_that_carries_loss(tiny_model):
    import torch
    from transformers import AutoTokenizer

    tokenizer = AutoTokenizer.from_pretrained(tiny_model)
    row = example("bulk_upload_batches", "train", 1)
    ids = tokenizer.apply_chat_template(row["messages"], tools=row["tools"], tokenize=True)["input_ids"]
    spans = turns(ids, tokenizer)
    labels = [IGNORE] * len(ids)
    for role, _start, body, end in spans:
        if role == "assistant":
            labels[body:end + 2] = ids[body:end + 2]
    batch = {"input_ids": torch.tensor([ids]), "labels": torch.tensor([labels])}
    report = check_assistant_only(batch, tokenizer)
    assert report.assistant_turns == 3 and report.trained_tokens > 0

    user = next(s for s in spans if s[0] == "user")
    labels[user[2]] = ids[user[2]]
    with pytest.raises(MaskingError, match="user turn carry loss"):
        check_assistant_only({"input_ids": torch.tensor([ids]), "labels": torch.tensor([labels])}, tokenizer)
    labels[user[2]] = IGNORE
    last_assistant = [s for s in spans if s[0] == "assistant"][-1]
    labels[last_assistant[3]] = IGNORE
    with pytest.raises(MaskingError, match="end-of-turn"):
        check_assistant_only({"input_ids": torch.tensor([ids]), "labels": torch.tensor([labels])}, tokenizer)


def test_a_trajectory_longer_than_max_length_is_refused_never_cut(write_config, tmp_path):
    loaded = load_config(write_config(sft__max_length=64), command="sft")
    with pytest.raises(LengthError, match=r"longer than 64 tokens and would be cut .*train row 0, task "
                                          r"bulk_upload_batches, episode bulk_upload_batches-0: \d+ tokens"):
        run_sft(loaded, out=tmp_path / "run", progress_bar=False)
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert run["state"] == "failed" and "overlong: drop" in run["error"]


def test_a_dataset_read_from_json_lines_keeps_each_rows_own_arguments(tmp_path):
    from training.sft_dataset import load_sft_dataset

    rows = {"train": [example("bulk_upload_batches", "train", 1)], "validation": [example("x", "validation", 2)]}
    folder = write_sft_dataset(tmp_path / "data", rows, saved=False)
    data = load_sft_dataset(folder)
    calls = [m["tool_calls"][0]["function"]["arguments"] for m in data["train"][0]["messages"] if m.get("tool_calls")]
    # No tool's arguments gained another tool's keys filled with null.
    assert calls == [{"command": "wc -l -c batching.py"},
                     {"file_path": "batching.py", "old_string": "size - 1", "new_string": "size"}, {}]
