from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from corpus.format import task_dirs
from webapp.catalog.services import import_corpus
from webapp.catalog.splits import SplitsFileError


class Command(BaseCommand):
    help = ("Import the task folders of the corpus (default corpus/tasks) and their splits. Re-running "
            "changes nothing unless a task changed on disk; a malformed task is reported and skipped.")

    def add_arguments(self, parser):
        parser.add_argument("--root", type=Path, default=None,
                            help="folder holding one folder per task (default: corpus/tasks)")
        parser.add_argument("--splits", type=Path, default=None,
                            help="splits file (default: splits.json next to the tasks folder)")
        parser.add_argument("--failing-tests", type=Path, default=None,
                            help="validation record of each task's failing tests (default: "
                                 "docs/corpus/failing_tests.json, kept by `corpus stats --validation`)")

    def handle(self, *args, root, splits, failing_tests, verbosity, **options):
        root = (root or settings.STEPWISE_TASKS_DIR).resolve()
        if not root.is_dir():
            raise CommandError(f"{root}: no such folder; pass --root with the folder that holds the task folders")
        splits = splits or root.parent / "splits.json"
        folders = task_dirs(root)
        with tqdm(total=len(folders), desc="import_corpus", unit="task", disable=verbosity < 1 or not folders,
                  file=self.stderr._out) as bar:  # pyright: ignore[reportArgumentType]  # the stream itself
            try:
                report = import_corpus(root=root, splits_file=splits, on_task=lambda _: bar.update(),
                                       failing_tests_file=failing_tests or settings.STEPWISE_FAILING_TESTS_FILE)
            except SplitsFileError as exc:
                raise CommandError(str(exc)) from None
        for folder, reason in report.failed:
            self.stderr.write(f"{folder}: {reason}")
        self.stdout.write(f"import_corpus {root}: {len(report.created)} created, {len(report.updated)} updated, "
                          f"{len(report.unchanged)} unchanged, {len(report.failed)} failed")
        if report.failed:
            raise CommandError(f"{len(report.failed)} task folder(s) could not be imported (see above); "
                               "fix them and run import_corpus again", returncode=1)
