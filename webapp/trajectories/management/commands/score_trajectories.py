from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from harness.scoring import PolicyConfigError
from webapp.trajectories.models import Trajectory
from webapp.trajectories.services import rescore_trajectories


class Command(BaseCommand):
    help = ("Score the stored trajectories with harness.scoring (pdb_policy and edit relevance). Each becomes "
            "the document's quality record and a score row; verdicts of other versions are kept.")

    def add_arguments(self, parser):
        parser.add_argument("--config", help="policy config: a released version (default pdb_policy_v1) or a JSON file")
        parser.add_argument("--task", help="only the trajectories of this task")

    def handle(self, *args, config, task, verbosity, **options):
        rows = Trajectory.objects.all() if task is None else Trajectory.objects.filter(task_name=task)
        with tqdm(total=rows.count(), desc="score_trajectories", unit="trajectory", file=self.stderr._out,  # pyright: ignore[reportArgumentType]
                  disable=verbosity < 1) as bar:
            try:
                report = rescore_trajectories(config=config, task_name=task, on_trajectory=lambda _: bar.update())
            except PolicyConfigError as exc:
                raise CommandError(str(exc), returncode=2) from None
        for episode_id, reason in report.failed:
            self.stderr.write(f"{episode_id}: {reason}")
        self.stdout.write(f"score_trajectories: {len(report.scored)} scored, {len(report.unchanged)} unchanged, "
                          f"{len(report.failed)} failed")
        if report.failed:
            raise CommandError(f"{len(report.failed)} trajectory(ies) could not be scored (see above)", returncode=1)
