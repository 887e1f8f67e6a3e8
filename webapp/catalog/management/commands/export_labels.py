from django.core.management.base import BaseCommand

from webapp.catalog.selectors import labels_for_export, preferences_in_force
from webapp.core.jsonl import export_jsonl


class Command(BaseCommand):
    help = ("Export every preference label and adjudication (history included) as JSON Lines; with "
            "--in-force, one line per task with the preference in force (adjudicated, agreed, or meta.json).")

    def add_arguments(self, parser):
        parser.add_argument("--out", default=None, help="file to write (default: stdout)")
        parser.add_argument("--in-force", action="store_true",
                            help="one line per task: the preference exports and training use, and its source")

    def handle(self, *args, out, in_force, **options):
        rows = preferences_in_force() if in_force else labels_for_export()
        count = export_jsonl(rows, out_path=out, stdout=self.stdout._out)  # pyright: ignore[reportArgumentType]  # the stream itself
        if out not in (None, "-"):
            self.stderr.write(f"wrote {count} line(s) to {out}")
