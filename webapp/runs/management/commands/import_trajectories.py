from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from webapp.runs.services.eval_imports import import_eval_folders
from webapp.trajectories.services import eval_folders, import_trajectory_files, trajectory_files


class Command(BaseCommand):
    help = ("Import trajectory documents (files, or folders searched for *.json). Idempotent by "
            "episode_id; a bad file is reported with the reason and the good ones still import. A document's "
            "quality record is stored as a score with its reasons (score unscored ones with score_trajectories). "
            "An eval output folder (python -m harness eval --out DIR) becomes one eval run with its report.")

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="+", type=Path, help="trajectory JSON files or folders")

    def handle(self, *args, paths, verbosity, **options):
        total = len(trajectory_files(paths)[0])
        with tqdm(total=total, desc="import_trajectories", unit="file", disable=verbosity < 1 or not total,
                  file=self.stderr._out) as bar:  # pyright: ignore[reportArgumentType]  # the stream itself
            report = import_trajectory_files(paths=paths, on_file=lambda _: bar.update())
        evals = import_eval_folders(folders=eval_folders(paths))
        for path, reason in [*report.failed, *evals.failed]:
            self.stderr.write(f"{path}: {reason}")
        for path, warning in report.warnings:
            self.stderr.write(f"{path}: imported, but {warning}")
        self.stdout.write(f"import_trajectories: {len(report.created)} created, {len(report.updated)} updated, "
                          f"{len(report.unchanged)} unchanged, {len(report.failed)} failed")
        for verb, names in (("created", evals.created), ("updated", evals.updated)):
            if names:
                self.stdout.write(f"{len(names)} eval run{'s' if len(names) > 1 else ''} {verb} ({', '.join(names)})")
        failed = len(report.failed) + len(evals.failed)
        if failed:
            raise CommandError(f"{failed} file(s) could not be imported (see above)", returncode=1)
