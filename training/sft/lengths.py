"""The SFT ``max_length``: long enough for the longest trajectory, and never a silent cut.

Token counts come from the tokenizer's chat template with the row's tools, exactly as the trainer
tokenizes. ``max_length: auto`` takes the longest example (refused when it exceeds the model's context);
a number caps it, and an example above the cap is refused (``overlong: refuse``, the default) or dropped
and reported (``overlong: drop``). After the trainer has tokenized, ``check_no_truncation`` confirms
that no row was cut.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from training.errors import TrainingError


class LengthError(TrainingError, ValueError):
    """An example does not fit; the message names it and says what to change."""


@dataclass
class LengthPlan:
    max_length: int
    lengths: dict[str, list[int]]  # split -> token count per row (after drops)
    dropped: list[dict] = field(default_factory=list)  # {"split", "row", "task", "episode_id", "tokens"}
    keep: dict[str, list[int]] = field(default_factory=dict)  # split -> row indices kept

    def to_dict(self) -> dict:
        longest = max((max(v) for v in self.lengths.values() if v), default=0)
        return {"max_length": self.max_length, "longest_example": longest, "dropped": self.dropped}


def token_length(tokenizer, messages: list[dict], tools: list[dict]) -> int:
    encoded = tokenizer.apply_chat_template(messages, tools=tools or None, tokenize=True)
    ids = encoded["input_ids"] if hasattr(encoded, "keys") else encoded
    return len(ids)


def _describe(example: dict) -> str:
    parts = [f"{example['split']} row {example['row']}"]
    if example.get("task"):
        parts.append(f"task {example['task']}")
    if example.get("episode_id"):
        parts.append(f"episode {example['episode_id']}")
    return ", ".join(parts) + f": {example['tokens']} tokens"


def plan_lengths(datasets: dict, tokenizer, *, max_length, overlong: str, context: int | None) -> LengthPlan:
    """``datasets``: split -> rows (dicts with messages, tools and optional task / episode_id)."""
    from training.sft_dataset import conversation

    measured: dict[str, list[dict]] = {}
    for split, rows in datasets.items():
        measured[split] = []
        for index, row in enumerate(rows):
            messages, tools = conversation(row)
            measured[split].append({"split": split, "row": index, "task": row.get("task"),
                                    "episode_id": row.get("episode_id"),
                                    "tokens": token_length(tokenizer, messages, tools)})
    everything = [m for rows in measured.values() for m in rows]
    longest = max(everything, key=lambda m: m["tokens"])
    if max_length == "auto":
        if context and longest["tokens"] > context:
            raise LengthError(f"sft.max_length: the longest example ({_describe(longest)}) exceeds the model's "
                              f"context of {context} tokens; set max_length to at most {context} with "
                              "overlong: drop, or leave such trajectories out of the export")
        limit = longest["tokens"]
    else:
        limit = int(max_length)
        if context and limit > context:
            raise LengthError(f"sft.max_length: {limit} exceeds the model's context of {context} tokens")
    too_long = [m for m in everything if m["tokens"] > limit]
    if too_long and overlong == "refuse":
        listed = "; ".join(_describe(m) for m in too_long[:5]) + (" ..." if len(too_long) > 5 else "")
        raise LengthError(f"sft.max_length: {len(too_long)} example(s) are longer than {limit} tokens and "
                          f"would be cut ({listed}); raise max_length (or use auto, which fits the longest: "
                          f"{longest['tokens']}), or set overlong: drop to leave them out, reported")
    dropped = [{k: m[k] for k in ("split", "row", "task", "episode_id", "tokens")} for m in too_long]
    keep = {split: [m["row"] for m in rows if m["tokens"] <= limit] for split, rows in measured.items()}
    if not keep.get("train"):
        raise LengthError(f"sft.max_length: every train example is longer than {limit} tokens")
    lengths = {split: [m["tokens"] for m in rows if m["tokens"] <= limit] for split, rows in measured.items()}
    return LengthPlan(max_length=limit, lengths=lengths, dropped=dropped, keep=keep)


def check_no_truncation(tokenized, expected: list[int], max_length: int, split: str) -> None:
    """The trainer's tokenized rows are exactly as long as measured, and none exceeds max_length."""
    got = [len(ids) for ids in tokenized["input_ids"]]
    if len(got) != len(expected):
        raise LengthError(f"the trainer kept {len(got)} {split} rows, {len(expected)} were planned")
    for index, (have, want) in enumerate(zip(got, expected, strict=True)):
        if have != want or have > max_length:
            raise LengthError(f"{split} row {index}: the trainer's tokenization has {have} tokens, the plan "
                              f"{want} (max_length {max_length}): a row was cut; this is a bug, please report it")
