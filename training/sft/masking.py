"""The assistant-only loss, checked on a real batch before training starts.

The check reads the batch's token ids, not the template: a ChatML conversation (Qwen's format) is a run
of turns ``<|im_start|>ROLE\\n ... <|im_end|>\\n``. Every token that carries a label must lie in an
assistant turn (after its role line), and every assistant turn must train its closing ``<|im_end|>``, or
the model would never learn to stop. System, user and tool turns carry no label at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from training.errors import TrainingError

IGNORE = -100


class MaskingError(TrainingError, AssertionError):
    """The batch trains tokens it must not (or not the ones it must)."""


@dataclass
class MaskReport:
    rows: int
    trained_tokens: int
    assistant_turns: int
    other_turns: int

    def to_dict(self) -> dict:
        return {"rows": self.rows, "trained_tokens": self.trained_tokens,
                "assistant_turns": self.assistant_turns, "other_turns": self.other_turns}


def turns(ids: list[int], tokenizer) -> list[tuple[str, int, int, int]]:
    """(role, start, body_start, end) for each ChatML turn: ids[start] is <|im_start|>, the body begins
    after the role line, end is the index of the turn's <|im_end|> (or the last token)."""
    start_id = tokenizer.convert_tokens_to_ids("<|im_start|>")
    end_id = tokenizer.convert_tokens_to_ids("<|im_end|>")
    if start_id is None or start_id == tokenizer.unk_token_id:
        raise MaskingError("the assistant-only check reads ChatML turns (<|im_start|>role ... <|im_end|>); "
                           "this tokenizer has no <|im_start|> token")
    starts = [i for i, t in enumerate(ids) if t == start_id]
    out = []
    for n, start in enumerate(starts):
        limit = starts[n + 1] if n + 1 < len(starts) else len(ids)
        body = start + 1
        header = ""
        while body < limit and "\n" not in header:
            header += tokenizer.decode([ids[body]])
            body += 1
        end = next((i for i in range(body, limit) if ids[i] == end_id), limit - 1)
        out.append((header.split("\n", 1)[0].strip(), start, body, end))
    return out


def check_assistant_only(batch: dict, tokenizer) -> MaskReport:
    """Raise MaskingError unless exactly assistant tokens carry labels in ``batch`` (input_ids, labels)."""
    input_ids = batch["input_ids"].tolist()
    labels = batch["labels"].tolist()
    report = MaskReport(rows=len(input_ids), trained_tokens=0, assistant_turns=0, other_turns=0)
    for row, (ids, row_labels) in enumerate(zip(input_ids, labels, strict=True)):
        trained = {i for i, label in enumerate(row_labels) if label != IGNORE}
        report.trained_tokens += len(trained)
        allowed: set[int] = set()
        for role, start, body, end in turns(ids, tokenizer):
            span = set(range(start, end + 1))
            if role == "assistant":
                report.assistant_turns += 1
                if end not in trained:
                    raise MaskingError(f"row {row}: the assistant turn at token {start} does not train its "
                                       "end-of-turn token; the model would not learn to stop")
                allowed |= set(range(body - 1, end + 2))  # the role line's newline and the turn's own newline
            else:
                report.other_turns += 1
                leaked = sorted(span & trained)
                if leaked:
                    text = tokenizer.decode([ids[i] for i in leaked[:20]])
                    raise MaskingError(f"row {row}: {len(leaked)} token(s) of a {role} turn carry loss "
                                       f"(from token {leaked[0]}: {text!r}); only assistant tokens may")
        stray = sorted(trained - allowed)
        if stray:
            raise MaskingError(f"row {row}: {len(stray)} trained token(s) outside any assistant turn "
                               f"(first at {stray[0]})")
    if report.assistant_turns == 0 or report.trained_tokens == 0:
        raise MaskingError("the batch holds no trained assistant tokens")
    return report
