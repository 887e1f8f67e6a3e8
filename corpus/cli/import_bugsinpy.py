"""``python -m corpus import-bugsinpy PROJECT_DIR --git GIT --out DIR [--bug N ...]``: a BugsInPy
project's bugs as repository tasks, with a report of what imported and why each other bug did not.

PROJECT_DIR is BugsInPy's ``projects/<name>`` folder; GIT the project's history (a clone, a bare
repository or a git bundle). ``python -m corpus validate --root DIR`` then validates what it wrote.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from corpus.importers.bugsinpy.importer import BugsInPyImporter
from corpus.repository.source import SourceError


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m corpus import-bugsinpy", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("project_dir", type=Path, help="BugsInPy's projects/<name> folder")
    parser.add_argument("--git", type=Path, required=True, help="the project's history: a clone, bare repository or bundle")
    parser.add_argument("--out", type=Path, required=True, help="where the task folders (and _repos/) are written")
    parser.add_argument("--bug", action="extend", nargs="+", metavar="N",
                        help="import only these bugs (--bug 1 2 3, or repeated: --bug 1 --bug 2)")
    parser.add_argument("--no-check", action="store_true",
                        help="write the tasks without running anything: no environment is resolved or built, so "
                             "environment.requirements and pass_to_pass stay empty (import again without it)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not (args.project_dir / "bugs").is_dir():
        print(f"error: {args.project_dir} has no bugs/ folder; give BugsInPy's projects/<name> folder", file=sys.stderr)
        return 2
    if not args.git.exists():
        print(f"error: {args.git} does not exist; give the project's history (a clone, bare repository or bundle)",
              file=sys.stderr)
        return 2
    try:
        importer = BugsInPyImporter(args.project_dir, args.git, args.out, check=not args.no_check,
                                    progress=lambda text: print(text, file=sys.stderr, flush=True))
        report = importer.run(args.bug)
    except SourceError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    path = args.out / f"import-report-{importer.project}.json"
    path.write_text(json.dumps(report.to_dict(), indent=2) + "\n")
    print(json.dumps(report.to_dict(), indent=2) if args.json else report.text())
    print(f"report: {path}", file=sys.stderr)
    return 0 if report.imported else 1
