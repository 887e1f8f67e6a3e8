"""``python -m corpus real-stats [--root corpus/real] [--out docs/corpus/real-bugs-stats.md]``: the real-bug
corpus's splits (``ROOT/splits.json``: near-identical bugs on one side) and its statistics page."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from corpus.format import TaskFormatError, load_repository, task_dirs
from corpus.repository.corpus_root import REAL_TASKS_DIR
from corpus.repository.real_corpus import statistics_markdown, write_splits

DOCS_PAGE = Path(__file__).resolve().parents[2] / "docs" / "corpus" / "real-bugs-stats.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus real-stats", description=__doc__)
    parser.add_argument("--root", type=Path, default=REAL_TASKS_DIR)
    parser.add_argument("--out", type=Path, default=DOCS_PAGE)
    args = parser.parse_args(argv)
    try:
        tasks = [load_repository(folder) for folder in task_dirs(args.root)]
    except TaskFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not tasks:
        print(f"error: no repository task under {args.root}", file=sys.stderr)
        return 2
    splits = write_splits(args.root, tasks)
    args.out.write_text(statistics_markdown(tasks, splits))
    print(f"{len(tasks)} bugs: splits in {args.root / 'splits.json'}, statistics in {args.out}")
    return 0
