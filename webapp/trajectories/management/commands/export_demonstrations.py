from django.core.management.base import BaseCommand, CommandError

from harness.trajectory import TrajectoryError
from training.export.demonstrations import DemonstrationsError, write_demonstrations
from webapp.trajectories.selectors import human_demonstrations


class Command(BaseCommand):
    help = ("Write the verified live sessions people played by hand as a demonstrations folder, which "
            "'python -m training export-sft --from DIR ...' takes beside rollouts and microskills.")

    def add_arguments(self, parser):
        parser.add_argument("--out", required=True, help="the folder to write (new, empty, or an earlier one)")
        parser.add_argument("--task", default=None, help="only this task's sessions")

    def handle(self, *args, out, task, **options):
        try:
            result = write_demonstrations(human_demonstrations(task_name=task), out)
        except (DemonstrationsError, TrajectoryError, OSError) as exc:
            raise CommandError(str(exc)) from None
        for line in result.skipped:
            self.stderr.write(f"skipped {line}")
        self.stdout.write(f"wrote {len(result.written)} demonstration(s) to {out}; export them with "
                          f"'python -m training export-sft --from {out} --out DATASET'")
