from django.core.management.base import BaseCommand

from webapp.core.jsonl import export_jsonl
from webapp.trajectories.selectors import trajectories_for_export


class Command(BaseCommand):
    help = "Export the stored trajectory documents as JSON Lines (one document per line)."

    def add_arguments(self, parser):
        parser.add_argument("--out", default=None, help="file to write (default: stdout)")
        parser.add_argument("--task", default=None, help="only this task's trajectories")

    def handle(self, *args, out, task, **options):
        count = export_jsonl(trajectories_for_export(task_name=task), out_path=out, stdout=self.stdout._out)  # pyright: ignore[reportArgumentType]
        if out not in (None, "-"):
            self.stderr.write(f"wrote {count} trajectory document(s) to {out}")
