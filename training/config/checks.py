"""What a command needs of the world, checked before anything heavy starts: each returns problem lines
(``key: what is wrong; what to do``), empty when all is well."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from corpus.splits import SplitsError
from corpus.task_splits import TaskSplits, task_splits
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


def check_sft(section: SFTSection, splits: TaskSplits | None = None) -> list[str]:
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
    splits = splits or task_splits()
    try:
        heldout = sorted(name for name in info.tasks if splits.split_of(name) == "heldout")
    except SplitsError as exc:
        return problems + [f"sft.dataset: cannot check for heldout tasks: {exc}"]
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


def check_grpo(section: GRPOSection, splits: TaskSplits | None = None) -> tuple[list[str], tuple[str, ...]]:
    """Problems, and the task names GRPO will sample from (``TaskSplits.folder_of`` finds each one's folder)."""
    generation_problems = check_generation(section)
    try:
        problems, names = _check_tasks(section, splits or task_splits())
    except SplitsError as exc:
        problems, names = [f"grpo: cannot read the task splits: {exc}"], ()
    return generation_problems + problems, names


def _check_tasks(section: GRPOSection, splits: TaskSplits) -> tuple[list[str], tuple[str, ...]]:
    """Every task is placed by ``corpus.task_splits``, whatever its origin: a heldout real or generated
    task is refused like a hand-written one."""
    if section.split is not None:
        if section.split == "heldout":
            return [f"grpo.split: heldout is refused: {HELDOUT_RULE}; use train"], ()
        names = [n for n in splits.in_split(section.split, section.origins) if splits.folder_of(n) is not None]
        if not names:
            return [f"grpo.split: no {section.split} tasks found among the {', '.join(section.origins)} tasks"], ()
        return [], tuple(names)
    problems = []
    tasks = section.tasks or []  # the schema made sure one of split and tasks is given
    for name in tasks:
        place = splits.place_of(name)
        if place is None or splits.folder_of(name) is None:
            problems.append(f"grpo.tasks: no task named {name!r} in the corpus (hand-written under "
                            f"{splits.tasks_dir}, real under {splits.real_dir}, generated under {splits.generated_dir})")
        elif place.split == "heldout":
            problems.append(f"grpo.tasks: {name!r} is a heldout task; {HELDOUT_RULE}")
        elif place.split is None:
            problems.append(f"grpo.tasks: {name!r} has no split yet; "
                            + ("run 'python -m corpus split' first" if place.origin == "hand-written" else
                               f"its {place.origin} registry gives it none")
                            + ", so a task that would be heldout cannot slip into training")
    if not tasks:
        problems.append("grpo.tasks: the list is empty")
    return problems, tuple(tasks)

