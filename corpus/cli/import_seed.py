"""``python -m corpus import-seed-format SRC`` — convert seed-format bundles (x.py + x_correct.py, tests
with a ``pytest.use_correct`` shim, a metadata file) into task folders. SRC is one bundle or a folder
of bundles. Validate the result with ``python -m corpus validate --task NAME``."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from corpus.format import TASKS_DIR
from corpus.importers import SeedFormatError, import_seed_bundle, seed_bundles


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m corpus import-seed-format", description=__doc__)
    parser.add_argument("src", type=Path, help="a seed bundle folder, or a folder of them")
    parser.add_argument("--dest", type=Path, default=TASKS_DIR, help="where tasks go (default: corpus/tasks)")
    parser.add_argument("--name", help="the task's name (one bundle only; default: metadata name or folder)")
    parser.add_argument("--overwrite", action="store_true", help="replace a task folder of the same name")
    args = parser.parse_args(argv)
    try:
        bundles = seed_bundles(args.src)
    except SeedFormatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.name and len(bundles) > 1:
        print(f"error: --name fits one bundle, but {args.src} holds {len(bundles)}", file=sys.stderr)
        return 2
    failures = 0
    for bundle in bundles:
        try:
            imported = import_seed_bundle(bundle, args.dest, name=args.name, overwrite=args.overwrite)
        except SeedFormatError as exc:
            failures += 1
            print(f"error: {exc}", file=sys.stderr)
            continue
        print(f"imported {bundle} -> {imported.path}")
        for note in imported.notes:
            print(f"  note: {note}")
    if failures:
        print(f"{failures} of {len(bundles)} bundle(s) could not be imported", file=sys.stderr)
    return 1 if failures else 0
