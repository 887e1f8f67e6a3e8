"""``python -m corpus`` — tools for the bug-task corpus, a module per subcommand."""

from __future__ import annotations

import sys

from corpus.cli.dispatch import Command, dispatch

COMMANDS = {
    "validate": Command("corpus.cli.validate", "check every task: buggy fails, correct passes, evidence holds"),
    "quality": Command("corpus.cli.quality", "measure each task: where state first goes wrong, the proposed "
                       "label, wrong fixes its tests let through, symptom-only reports"),
    "split": Command("corpus.cli.split", "assign new tasks to train/validation/heldout (old ones never move)"),
    "stats": Command("corpus.cli.stats", "corpus shape: per-task table, medians, distances, targets, plots"),
    "leakage": Command("corpus.cli.leakage", "no task copies heldout code, no two tasks are near-duplicates"),
    "generate": Command("corpus.cli.generate", "plant state-dependent bugs in a repository, keep the validated ones"),
    "publish-generated": Command("corpus.cli.publish_generated", "make generate runs at real bugs' fixed commits "
                                 "into committed tasks (corpus/generated), or --check them"),
    "import-bugsinpy": Command("corpus.cli.import_bugsinpy", "import BugsInPy bugs as repository tasks (real bugs)"),
    "real-stats": Command("corpus.cli.real_stats", "the real-bug corpus's splits and statistics page"),
    "import-seed-format": Command("corpus.cli.import_seed", "convert a single-folder seed bundle into tasks"),
}


def main(argv: list[str] | None = None) -> int:
    return dispatch("python -m corpus", COMMANDS, argv)


if __name__ == "__main__":
    sys.exit(main())
