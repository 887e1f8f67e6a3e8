"""export-sft on real kept rollouts: the folder shape export-sft writes (training.export), loadable by
``datasets`` both ways, trained on by the project's SFT (trl's SFTTrainer with the tiny offline model), manifest counts equal to
the rows, split by task, heldout refused."""

from __future__ import annotations

import hashlib
import json
import shutil

import pytest

from corpus.splits import load_splits, write_splits
from harness.trajectory import Trajectory
from tests.helpers.split_registries import heldout_generated
from tests.training.data.conftest import TASKS
from training.cli.export_sft import main as export_main
from training.export import ExportConfig, ExportError, export_sft

pytestmark = pytest.mark.slow  # every test shares one export of real rollouts (a module fixture)

# With --validation-fraction 0.5 the stable hash sends sensor_summary_reuse to validation, the others to train.
FRACTION = 0.5


@pytest.fixture(scope="module")
def exported(scripted_rollouts, tmp_path_factory):
    result, _ = scripted_rollouts
    out = tmp_path_factory.mktemp("export") / "sft"
    return export_sft(ExportConfig(sources=[result.out], out=out, validation_fraction=FRACTION))


def jsonl(path):
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_the_folder_has_the_contract_shape_and_counts_that_match_its_rows(exported):
    out = exported.out
    assert {p.name for p in out.iterdir()} == {"train.jsonl", "validation.jsonl", "dataset_dict.json", "train",
                                               "validation", "manifest.json", "README.md"}
    rows = {split: jsonl(out / f"{split}.jsonl") for split in ("train", "validation")}
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["counts"] == {split: len(r) for split, r in rows.items()} == {"train": 2, "validation": 1}
    assert manifest["tasks"] == {"train": ["bulk_upload_batches", "catalog_page_count"],
                                 "validation": ["sensor_summary_reuse"]}
    for split, split_rows in rows.items():
        counts = manifest["by_split"][split]
        assert counts["rows"] == len(split_rows) == sum(counts["by_preference"].values())
        assert counts["by_source"] == {"rollout": len(split_rows)}
    assert manifest["by_split"]["train"]["by_preference"] == {"avoid": 1, "recommended": 1}
    assert manifest["policy_version"] == "pdb_policy_v1" and manifest["sources"][0]["used"] == 3
    # No task in both splits, no heldout task.
    assert not {r["task"] for r in rows["train"]} & {r["task"] for r in rows["validation"]}
    splits = json.loads(open("corpus/splits.json").read())["assignments"]
    assert all(splits[r["task"]] == "train" for split_rows in rows.values() for r in split_rows)
    # Every file is listed with its sha256.
    for name, digest in manifest["files"].items():
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest
    assert "train.jsonl" in manifest["files"] and "README.md" in manifest["files"]
    card = (out / "README.md").read_text()
    assert "| train | 2 | 2 | 2 | 0 |" in card and "| validation | 1 | 1 | 1 | 0 |" in card
    assert "pdb_policy_v1" in card

    row = next(r for r in rows["train"] if r["task"] == "bulk_upload_batches")
    assert set(row) == {"messages", "tools", "task", "split", "arm", "source", "skill", "preference",
                        "policy_version", "quality_score", "episode_id", "teacher"}
    assert (row["split"], row["arm"], row["source"], row["skill"], row["preference"]) == \
        ("train", "dbg", "rollout", None, "recommended")
    assert row["quality_score"] == 1.0 and row["teacher"].endswith("clean.json")
    messages = row["messages"]
    assert [m["role"] for m in messages[:3]] == ["system", "user", "assistant"]
    calls = [m["tool_calls"][0] for m in messages if m.get("tool_calls")]
    assert all(isinstance(c["function"]["arguments"], dict) for c in calls)  # objects, not JSON strings
    assert calls[2]["function"] == {"name": "add_breakpoint", "arguments": {"file": "uploader.py", "line": 32}}
    tools = {m["tool_call_id"] for m in messages if m["role"] == "tool"}
    assert tools == {c["id"] for c in calls[:-1]}  # every call answered, but the final done
    assert messages[-1]["role"] == "assistant" and calls[-1]["function"]["name"] == "done"
    assert {t["function"]["name"] for t in row["tools"]} >= {"start_debugger", "bash", "edit_file", "done"}


def test_datasets_reads_it_both_ways_with_each_rows_own_arguments(exported):
    from datasets import load_dataset, load_from_disk

    from training.sft_dataset import load_sft_dataset

    saved = load_from_disk(str(exported.out))
    assert (len(saved["train"]), len(saved["validation"])) == (2, 1)
    lines = load_dataset("json", data_files={"train": str(exported.out / "train.jsonl")})["train"]
    assert sorted(lines["task"]) == sorted(saved["train"]["task"])
    # A reader's view: the arguments of each call are exactly what was recorded, no other tool's keys.
    data = load_sft_dataset(exported.out)
    bulk = next(r for r in data["train"] if r["task"] == "bulk_upload_batches")
    arguments = [m["tool_calls"][0]["function"]["arguments"] for m in bulk["messages"] if m.get("tool_calls")]
    assert arguments[0] == {"command": "sed -n '1,20p' batching.py"} and arguments[-1] == {}


def test_issue_12s_sft_trains_on_the_export_with_the_tiny_model(exported, write_config, tmp_path):
    from training.config.load import load_config
    from training.sft.run import run_sft

    loaded = load_config(write_config(sft__dataset=str(exported.out), sft__max_steps=1, sft__merge=False),
                         command="sft")
    result = run_sft(loaded, out=tmp_path / "run", progress_bar=False)
    run = json.loads((result.run / "run.json").read_text())
    assert run["state"] == "finished" and run["examples"] == {"train": 2, "validation": 1}
    # trl tokenized every row whole (nothing cut) and trained assistant tokens only.
    assert run["lengths"]["dropped"] == [] and run["lengths"]["max_length"] == run["lengths"]["longest_example"]
    assert run["assistant_only"]["assistant_turns"] >= 4 and run["assistant_only"]["trained_tokens"] > 0
    assert result.summary["loss"] > 0


def test_heldout_or_unsplit_tasks_and_foreign_folders_are_refused(scripted_rollouts, tmp_path, capsys):
    result, _ = scripted_rollouts
    # Every committed task has a split (scripts/test checks it): as if bin_levels_async_iter had been
    # added since the last 'python -m corpus split'; and a generated task published heldout, beside a
    # real bug that its own splits file (corpus/real/splits.json) puts in heldout.
    splits_file = tmp_path / "splits.json"
    write_splits({task: split for task, split in load_splits().items() if task != "bin_levels_async_iter"}, splits_file)
    registry, generated = heldout_generated(tmp_path, splits_file=splits_file)
    real = next(name for name, split in sorted(registry.real().items()) if split == "heldout")
    source = tmp_path / "rollouts"
    shutil.copytree(result.out, source)
    kept = json.loads((source / "accepted" / "catalog_page_count.json").read_text())
    refused = (("heldout", "batch_scheduler_release"), ("unsplit", "bin_levels_async_iter"),
               ("generated", generated), ("real", real))
    for name, task in refused:
        doc = dict(kept, task=task, episode_id=f"{name}-copy")
        (source / "accepted" / f"{name}.json").write_text(json.dumps(doc))
    out = tmp_path / "sft"
    with pytest.raises(ExportError, match=r"4 problem\(s\); nothing was written") as caught:
        export_sft(ExportConfig(sources=[source], out=out, splits=registry))
    for task in ("batch_scheduler_release", generated, real):
        assert f"task {task!r} is heldout" in str(caught.value)
    assert "'bin_levels_async_iter' has no split" in str(caught.value)
    assert not out.exists()
    code = export_main(["--from", str(source), "--out", str(out)])
    assert code == 2 and "heldout" in capsys.readouterr().err

    with pytest.raises(ExportError, match="no readable generation.json"):
        export_sft(ExportConfig(sources=[tmp_path], out=out))
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "notes.txt").write_text("keep me")
    with pytest.raises(ExportError, match="not an SFT export"):
        export_sft(ExportConfig(sources=[result.out], out=mine))
    assert [p.name for p in mine.iterdir()] == ["notes.txt"]


def test_exporting_again_replaces_the_earlier_export(scripted_rollouts, tmp_path, capsys):
    result, _ = scripted_rollouts
    out = tmp_path / "sft"
    first = export_sft(ExportConfig(sources=[result.out], out=out, validation_fraction=0.0))
    assert first.rows == {"train": 3, "validation": 0}
    second = export_sft(ExportConfig(sources=[result.out], out=out, validation_fraction=FRACTION))
    assert second.rows == {"train": 2, "validation": 1}
    assert len(jsonl(out / "validation.jsonl")) == 1 and sorted(p.name for p in tmp_path.iterdir()) == ["sft"]
    code = export_main(["--from", str(result.out), "--out", str(out)])
    printed = json.loads(capsys.readouterr().out)
    # the CLI's default: the automatic split, which gives validation a task when every one is of train
    assert code == 0 and printed["rows"] == {"train": 2, "validation": 1} and printed["tasks"]["train"] == len(TASKS) - 1


def test_microskills_join_the_rollouts_at_the_ratio_asked(scripted_rollouts, exercised_skills, tmp_path):
    rollouts, _ = scripted_rollouts  # every task of train, and no validation share: all rows in train
    folders = [rollouts.out, *(result.out for result in exercised_skills.values())]
    everything = export_sft(ExportConfig(sources=folders, validation_fraction=0.0, out=tmp_path / "all"))
    manifest = everything.manifest
    assert manifest["microskills"] == {"available": 9, "used": 9} and everything.rows == {"train": 12, "validation": 0}
    assert manifest["by_split"]["train"]["by_source"] == {"microskill": 9, "rollout": 3}
    assert set(manifest["by_split"]["train"]["by_skill"]) == set(exercised_skills)

    # At most one microskill row per rollout row: 3 of the 9, from 3 different skills.
    capped = export_sft(ExportConfig(sources=folders, validation_fraction=0.0, out=tmp_path / "capped", microskill_ratio=1.0))
    rows = jsonl(tmp_path / "capped" / "train.jsonl")
    micro = [r for r in rows if r["source"] == "microskill"]
    assert len(micro) == 3 and len({r["skill"] for r in micro}) == 3 and len(rows) == 6
    assert capped.manifest["microskills"] == {"available": 9, "used": 3}
    assert sum(capped.manifest["by_split"]["train"]["by_skill"].values()) == 3
    assert "| skill | train | validation |" in (tmp_path / "capped" / "README.md").read_text()
    # The same seed picks the same rows; the microskill's user message is its instruction.
    again = export_sft(ExportConfig(sources=folders, validation_fraction=0.0, out=tmp_path / "again", microskill_ratio=1.0))
    assert [r["episode_id"] for r in jsonl(tmp_path / "again" / "train.jsonl")] == [r["episode_id"] for r in rows]
    assert again.rows == capped.rows
    assert all(r["messages"][1]["role"] == "user" and r["skill"] for r in micro)
    none = export_sft(ExportConfig(sources=folders, validation_fraction=0.0, out=tmp_path / "none", microskill_ratio=0))
    assert none.rows == {"train": 3, "validation": 0}


def test_verified_episodes_people_played_are_exported_as_demonstrations(scripted_rollouts, tmp_path):
    """What the web app's live sessions become (manage.py export_demonstrations): a folder export_sft takes."""
    from training.export.demonstrations import write_demonstrations

    result, _ = scripted_rollouts
    kept = json.loads((result.out / "accepted" / "bulk_upload_batches.json").read_text())
    played = {k: v for k, v in kept.items() if k != "sft"}
    human = {**played, "episode_id": "session-1", "policy": {"kind": "human", "model": None,
                                                             "params": {"person": "ann"}}}
    unverified = {**human, "episode_id": "session-2", "result": {**human["result"], "verified": False}}

    folder = write_demonstrations([Trajectory.from_json(d) for d in (human, unverified, played)], tmp_path / "demos")
    export = export_sft(ExportConfig(sources=[folder.out], out=tmp_path / "sft"))

    assert folder.written == ["session-1"]
    assert [line.split(":")[0] for line in folder.skipped] == ["session-2", played["episode_id"]]
    rows = jsonl(export.out / "train.jsonl")
    assert [(r["episode_id"], r["source"], r["teacher"]) for r in rows] == [("session-1", "demonstration", "human:ann")]
    assert rows[0]["messages"][-1]["tool_calls"][0]["function"]["name"] == "done"
    assert "| train | 1 | 1 | 0 | 0 | 1 |" in (export.out / "README.md").read_text()
