"""Generated tasks' categories brought in line with their operators' (``python -m corpus publish-generated
--recategorize``): a generated task's ``category`` is the one its ``generator.operator`` declares
(``corpus.plant.operators``), so when an operator's category changes, the tasks it planted follow.

Only the ``category`` value of each meta.json changes: the file's other bytes (key order, layout) stay as
they are, so the commit that renames a category shows one line per task. The meta.json files are read as
JSON, not loaded as tasks: a task whose category has left the vocabulary no longer loads, and is what this
mends.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from corpus.format import task_dirs
from corpus.plant.operators import OPERATORS

CATEGORY = "category"


def operator_name(meta: dict) -> str | None:
    generator = meta.get("generator")
    return str(generator.get("operator")) if isinstance(generator, dict) else None


def declared_category(meta: dict) -> str | None:
    """The category ``meta``'s operator declares; None when it names no registered operator."""
    operator = OPERATORS.get(operator_name(meta) or "")
    return operator.category if operator is not None else None


def _skip_space(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\r\n":
        i += 1
    return i


def with_category(text: str, category: str) -> str:
    """``text`` (a JSON object) with its top-level ``category`` value replaced and every other byte kept."""
    decoder = json.JSONDecoder()
    i = _skip_space(text, 0)
    if text[i:i + 1] != "{":
        raise ValueError("not a JSON object")
    i = _skip_space(text, i + 1)
    while text[i:i + 1] == '"':
        key, i = decoder.raw_decode(text, i)
        i = _skip_space(text, i)
        if text[i:i + 1] != ":":
            raise ValueError(f"no ':' after the key {key!r}")
        start = _skip_space(text, i + 1)
        _, end = decoder.raw_decode(text, start)
        if key == CATEGORY:
            new = text[:start] + json.dumps(category) + text[end:]
            if json.loads(new) != {**json.loads(text), CATEGORY: category}:  # a duplicate key, say
                raise ValueError("replacing the category would change more than the category")
            return new
        i = _skip_space(text, end)
        if text[i:i + 1] == ",":
            i = _skip_space(text, i + 1)
    raise ValueError(f"no top-level {CATEGORY!r}")


@dataclass
class Recategorized:
    changed: dict[str, tuple[str, str]] = field(default_factory=dict)  # task -> (old, new)
    unchanged: int = 0
    problems: list[str] = field(default_factory=list)


def recategorize(root: Path, *, write: bool = True) -> Recategorized:
    """Set each generated task's category under ``root`` to its operator's; ``write=False`` only reports."""
    result = Recategorized()
    for folder in task_dirs(root):
        path = folder / "meta.json"
        try:
            text = path.read_text(encoding="utf-8")
            meta = json.loads(text)
        except (OSError, ValueError) as exc:
            result.problems.append(f"{folder.name}: meta.json not readable JSON ({exc})")
            continue
        if not isinstance(meta, dict):
            result.problems.append(f"{folder.name}: meta.json holds no JSON object")
            continue
        wanted = declared_category(meta)
        if wanted is None:
            result.problems.append(f"{folder.name}: its generator.operator {operator_name(meta)!r} is no registered "
                                   "operator")
            continue
        if meta.get(CATEGORY) == wanted:
            result.unchanged += 1
            continue
        try:
            new = with_category(text, wanted)
        except ValueError as exc:
            result.problems.append(f"{folder.name}: meta.json category not rewritable ({exc})")
            continue
        if write:
            partial = path.with_name(f".{path.name}.part")
            partial.write_text(new, encoding="utf-8")
            partial.replace(path)
        result.changed[folder.name] = (str(meta.get(CATEGORY)), wanted)
    return result
