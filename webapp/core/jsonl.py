"""Writing JSON Lines to stdout or a file, for the export commands."""

from __future__ import annotations

import json
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from django.core.management.base import CommandError


def write_jsonl(rows: Iterable[dict], out: TextIO) -> int:
    count = 0
    for row in rows:
        out.write(json.dumps(row, ensure_ascii=False, default=str) + "\n")
        count += 1
    return count


def export_jsonl(rows: Iterable[dict], *, out_path: str | None, stdout: TextIO) -> int:
    """Write to ``out_path`` atomically (temp file + rename), or to ``stdout`` when it is None/'-'."""
    if out_path in (None, "-"):
        return write_jsonl(rows, stdout)
    path = Path(out_path)
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(tmp, "w", encoding="utf-8") as fh:
            count = write_jsonl(rows, fh)
        os.replace(tmp, path)
    except OSError as exc:
        raise CommandError(f"{path}: cannot write the export ({exc.strerror or exc}); pick another --out") from None
    return count
