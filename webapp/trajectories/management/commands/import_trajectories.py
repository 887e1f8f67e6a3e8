from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from webapp.trajectories.services import import_trajectory_files, trajectory_files


class Command(BaseCommand):
    help = ("Import trajectory documents (files, or folders searched for *.json). Idempotent by "
            "episode_id; a bad file is reported with the reason and the good ones still import. A document's "
            "quality record is stored as a score with its reasons (score unscored ones with score_trajectories).")

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", type=Path, help="trajectory JSON files or folders")

    def handle(self, *args, paths, verbosity, **options):
        total = len(trajectory_files(paths)[0])
        with tqdm(total=total, desc="import_trajectories", unit="file", disable=verbosity < 1 or not total,
                  file=self.stderr._out) as bar:
            report = import_trajectory_files(paths=paths, on_file=lambda _: bar.update())
        for path, reason in report.failed:
            self.stderr.write(f"{path}: {reason}")
        for path, warning in report.warnings:
            self.stderr.write(f"{path}: imported, but {warning}")
        self.stdout.write(f"import_trajectories: {len(report.created)} created, {len(report.updated)} updated, "
                          f"{len(report.unchanged)} unchanged, {len(report.failed)} failed")
        if report.failed:
            raise CommandError(f"{len(report.failed)} file(s) could not be imported (see above)", returncode=1)
