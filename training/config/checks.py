"""What a command needs of the world, checked before anything heavy starts: each returns problem lines
(``key: what is wrong; what to do``), empty when all is well."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from corpus.format import TASKS_DIR, task_dirs
from corpus.splits import SplitsError, load_splits, tasks_in_split
from training.config.schema import GRPOSection, ModelSource, SFTSection

HELDOUT_RULE = "heldout tasks never enter training (they are the real test set)"


def check_model(source: ModelSource, key: str) -> list[str]:
    if source.path is None:
        return []
    path = Path(source.path)
    if not path.exists():
        return [f"{key}.path: {path} does not exist; give a model folder (config.json and weights), "
                "e.g. one built with 'python -m training tiny-model --out DIR', or use hub: ORG/NAME"]
    if not (path / "config.json").is_file():
        return [f"{key}.path: {path} holds no config.json; give the folder save_pretrained wrote"]
    return []


def check_sft(section: SFTSection) -> list[str]:
    from training.sft_dataset import SFTDatasetError, inspect_sft_dataset

    try:
        info = inspect_sft_dataset(section.dataset)
    except SFTDatasetError as exc:
        return [f"sft.dataset: {exc}"]
    problems = []
    for split, columns in info.columns.items():
        missing = [c for c in ("messages", "tools") if c not in columns]
        if missing:
            what = " and ".join(f"'{c}'" for c in missing)
            problems.append(f"sft.dataset: the {split} split of {section.dataset} has no {what} column "
                            f"(columns: {', '.join(columns) or 'none'}); export it with 'python -m training "
                            "export-sft', which writes each row's messages and its arm's tool schemas")
    if "validation" not in info.columns:
        problems.append(f"sft.dataset: {section.dataset} has no validation split; the run evaluates on it")
    try:
        splits = load_splits()
    except SplitsError as exc:
        return problems + [f"sft.dataset: cannot check for heldout tasks: {exc}"]
    heldout = sorted(name for name in info.tasks if splits.get(name) == "heldout")
    if heldout:
        problems.append(f"sft.dataset: {section.dataset} holds heldout task(s) {', '.join(heldout)}; "
                        f"{HELDOUT_RULE}: re-export without them")
    return problems


def check_generation(section: GRPOSection) -> list[str]:
    generation = section.generation
    if generation.backend != "vllm":
        return []
    problems = []
    if importlib.util.find_spec("vllm") is None:
        problems.append("grpo.generation.backend: vllm is not installed here; on a GPU machine install the "
                        "project's [gpu] extra, or use backend: transformers")
    if generation.vllm_mode == "server" and not generation.vllm_server_url:
        problems.append("grpo.generation.vllm_server_url: missing: server mode needs the `vllm serve` address, "
                        "e.g. http://127.0.0.1:8000")
    return problems


def check_grpo(section: GRPOSection) -> tuple[list[str], tuple[str, ...]]:
    """Problems, and the task names GRPO will sample from."""
    generation_problems = check_generation(section)
    problems, names = _check_tasks(section)
    return generation_problems + problems, names


def _check_tasks(section: GRPOSection) -> tuple[list[str], tuple[str, ...]]:
    try:
        splits = load_splits()
    except SplitsError as exc:
        return [f"grpo: cannot read the task splits: {exc}"], ()
    if section.split is not None:
        if section.split == "heldout":
            return [f"grpo.split: heldout is refused: {HELDOUT_RULE}; use train"], ()
        names = tasks_in_split(section.split)
        available = {p.name for p in task_dirs(TASKS_DIR)}
        names = [n for n in names if n in available]
        if not names:
            return [f"grpo.split: no {section.split} tasks found under {TASKS_DIR}"], ()
        return [], tuple(names)
    problems = []
    available = {p.name for p in task_dirs(TASKS_DIR)}
    tasks = section.tasks or []  # the schema made sure one of split and tasks is given
    for name in tasks:
        if name not in available:
            problems.append(f"grpo.tasks: no task named {name!r} under {TASKS_DIR}")
        elif splits.get(name) == "heldout":
            problems.append(f"grpo.tasks: {name!r} is a heldout task; {HELDOUT_RULE}")
        elif splits.get(name) is None:
            problems.append(f"grpo.tasks: {name!r} has no split yet; run 'python -m corpus split' first, "
                            "so a task that would be heldout cannot slip into training")
    if not tasks:
        problems.append("grpo.tasks: the list is empty")
    return problems, tuple(tasks)
