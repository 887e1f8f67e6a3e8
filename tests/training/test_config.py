"""Training configs are checked on load: every shipped one loads, and each bad config from the issue's list
gets one clear message naming the file and the key."""

from __future__ import annotations

import subprocess
import sys

import pytest
import yaml

from corpus.task_splits import task_splits
from tests.helpers.split_registries import heldout_generated
from tests.training.conftest import example, write_sft_dataset
from training.config.checks import check_grpo, check_sft
from training.config.load import CONFIGS_DIR, ConfigError, load_config

SHIPPED = ("tiny-cpu", "qwen2.5-coder-7b-1gpu", "qwen2.5-coder-7b-8gpu", "qwen3-coder-30b-a3b-8gpu")


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_config_has_the_right_shape(name):
    loaded = load_config(name, command="grpo", check_paths=False)
    assert loaded.config.name == name and loaded.config.sft and loaded.config.grpo
    assert loaded.config.adapter.use_dora


@pytest.mark.slow
def test_the_tiny_config_passes_every_check_once_its_model_and_dataset_exist(write_config):
    assert load_config(write_config(), command="sft").config.sft.max_length == "auto"
    loaded = load_config(write_config(), command="grpo")
    assert loaded.task_names == ("bulk_upload_batches", "sensor_summary_reuse")


def problems(path, command="sft") -> list[str]:
    with pytest.raises(ConfigError) as caught:
        load_config(path, command=command)
    assert all(line.startswith(str(path)) for line in str(caught.value).splitlines())
    return caught.value.problems


def test_an_unknown_key_is_named_with_the_nearest_known_one(write_config):
    doc = yaml.safe_load((CONFIGS_DIR / "tiny-cpu.yaml").read_text())
    doc["sft"]["lerning_rate"] = doc["sft"].pop("learning_rate")
    assert problems(write_config(raw=doc)) == [
        "sft.learning_rate: missing: this key is required",
        "sft.lerning_rate: unknown key; did you mean 'learning_rate'? (known here: batch_size, dataset, epochs, "
        "eval_steps, gradient_accumulation, learning_rate, logging_steps, max_length, max_steps, merge, overlong, "
        "save_steps, warmup_ratio)",
    ]


def test_a_missing_key_is_named(write_config, delete):
    assert problems(write_config(adapter__target_modules=delete)) == [
        "adapter.target_modules: missing: this key is required"]
    assert problems(write_config(sft=delete)) == [
        f"sft: missing: the 'sft' command needs a 'sft:' section (see {CONFIGS_DIR / 'tiny-cpu.yaml'})"]


def test_a_heldout_task_is_refused(write_config, delete):
    found = problems(write_config(grpo__tasks=["bulk_upload_batches", "batch_scheduler_release"]), "grpo")
    assert found == ["grpo.tasks: 'batch_scheduler_release' is a heldout task; heldout tasks never enter "
                     "training (they are the real test set)"]
    found = problems(write_config(grpo__tasks=delete, grpo__split="heldout"), "grpo")
    assert found == ["grpo.split: heldout is refused: heldout tasks never enter training (they are the real "
                     "test set); use train"]


def test_a_heldout_real_or_generated_task_is_refused_like_a_hand_written_one(write_config, delete, tmp_path):
    committed = task_splits()
    real_heldout = next(name for name, split in sorted(committed.real().items()) if split == "heldout")
    generated_train = committed.in_split("train", ["generated"])[0]
    # The real bug's split comes from the real corpus's own splits file; a train generated task is welcome.
    found = problems(write_config(grpo__tasks=[generated_train, real_heldout]), "grpo")
    assert found == [f"grpo.tasks: {real_heldout!r} is a heldout task; heldout tasks never enter training "
                     "(they are the real test set)"]
    loaded = load_config(write_config(grpo__tasks=[generated_train]), command="grpo")
    assert loaded.task_names == (generated_train,)
    # A generated task published heldout (its meta.json), refused by name and never drawn by split.
    registry, generated = heldout_generated(tmp_path)
    section = load_config(write_config(grpo__tasks=[generated]), command="grpo", check_paths=False).config.grpo
    by_split = load_config(write_config(grpo__tasks=delete, grpo__split="train", grpo__origins=["generated"]),
                           command="grpo", check_paths=False).config.grpo
    sft = load_config(write_config(), command="sft", check_paths=False).config.sft
    assert section is not None and by_split is not None and sft is not None
    assert check_grpo(section, registry) == (
        [f"grpo.tasks: {generated!r} is a heldout task; heldout tasks never enter training (they are the real "
         "test set)"], (generated,))
    assert check_grpo(by_split, registry) == (["grpo.split: no train tasks found among the generated tasks"], ())
    assert check_grpo(by_split) == ([], tuple(committed.in_split("train", ["generated"])))
    assert generated not in check_grpo(by_split.model_copy(update={"origins": ["hand-written", "generated"]}),
                                       registry)[1]
    # ...and an SFT dataset holding its rows is refused like one holding a hand-written heldout task's.
    rows = {"train": [example(generated, "train", 1)], "validation": [example("bulk_upload_batches", "validation", 2)]}
    data = write_sft_dataset(tmp_path / "leaky", rows)
    assert check_sft(sft.model_copy(update={"dataset": str(data)}), registry) == [
        f"sft.dataset: {data} holds heldout task(s) {generated}; heldout tasks never enter training (they are the "
        "real test set): re-export without them"]


def test_an_unknown_task_is_named_with_where_it_was_looked_for(write_config):
    found = problems(write_config(grpo__tasks=["no_such_task"]), "grpo")
    assert len(found) == 1 and found[0].startswith("grpo.tasks: no task named 'no_such_task' in the corpus (")


def test_an_sft_dataset_holding_a_heldout_task_is_refused(write_config, tmp_path):
    rows = {"train": [example("batch_scheduler_release", "train", 1)],
            "validation": [example("bulk_upload_batches", "validation", 2)]}
    data = write_sft_dataset(tmp_path / "leaky", rows)
    assert problems(write_config(sft__dataset=str(data))) == [
        f"sft.dataset: {data} holds heldout task(s) batch_scheduler_release; heldout tasks never enter "
        "training (they are the real test set): re-export without them"]


def test_a_dataset_without_the_tools_column_is_refused(write_config, tmp_path):
    rows = {split: [{k: v for k, v in example("bulk_upload_batches", split, 1).items() if k != "tools"}]
            for split in ("train", "validation")}
    data = write_sft_dataset(tmp_path / "no-tools", rows)
    found = problems(write_config(sft__dataset=str(data)))
    assert len(found) == 2 and found[0].startswith(f"sft.dataset: the train split of {data} has no 'tools' column")
    assert "python -m training export-sft" in found[0]


def test_a_model_path_that_does_not_exist_is_refused(write_config, tmp_path):
    missing = tmp_path / "no-such-model"
    path = write_config()
    doc = yaml.safe_load(path.read_text())
    doc["model"] = {"path": str(missing)}
    path.write_text(yaml.safe_dump(doc))
    assert problems(path) == [
        f"model.path: {missing} does not exist; give a model folder (config.json and weights), e.g. one built "
        "with 'python -m training tiny-model --out DIR', or use hub: ORG/NAME"]


@pytest.mark.slow
def test_a_wrong_type_and_a_broken_yaml_file_are_explained(write_config, tmp_path):
    assert problems(write_config(sft__max_length="long")) == [
        "sft.max_length: must be a whole number of tokens or 'auto' (got 'long')"]
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: x\nmodel: {path: [\n")
    assert problems(broken)[0].startswith("line 3, column 1: not valid YAML")


@pytest.mark.slow
def test_the_command_line_prints_the_problems_and_no_traceback(write_config, tmp_path):
    path = write_config()
    done = subprocess.run([sys.executable, "-m", "training", "sft", "--config", str(path),
                           "--set", "sft.max_steps=0"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip() == f"error: {path}: sft.max_steps: Input should be greater than or equal to 1 (got 0)"


@pytest.mark.slow
def test_vllm_generation_is_refused_where_vllm_is_not_installed(write_config):
    import importlib.util

    assert importlib.util.find_spec("vllm") is None  # a CPU machine: the [gpu] extra is not installed
    found = problems(write_config(grpo__generation__backend="vllm", grpo__generation__vllm_mode="server"), "grpo")
    assert found == ["grpo.generation.backend: vllm is not installed here; on a GPU machine install the project's "
                     "[gpu] extra, or use backend: transformers",
                     "grpo.generation.vllm_server_url: missing: server mode needs the `vllm serve` address, e.g. "
                     "http://127.0.0.1:8000"]


def test_a_config_document_from_the_web_app_is_checked_the_same_way(write_config):
    doc = yaml.safe_load(write_config().read_text())
    assert load_config(doc, command="sft").config.name == "tiny-cpu"
    doc["sft"]["epochs"] = 0
    with pytest.raises(ConfigError) as caught:
        load_config(doc, command="sft", source="TrainingRun 7")
    assert str(caught.value) == "TrainingRun 7: sft.epochs: Input should be greater than 0 (got 0)"
