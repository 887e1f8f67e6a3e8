from django.core.management.base import BaseCommand

from webapp.catalog.selectors import labels_for_export
from webapp.core.jsonl import export_jsonl


class Command(BaseCommand):
    help = "Export every preference label (history included) as JSON Lines."

    def add_arguments(self, parser):
        parser.add_argument("--out", default=None, help="file to write (default: stdout)")

    def handle(self, *args, out, **options):
        count = export_jsonl(labels_for_export(), out_path=out, stdout=self.stdout._out)
        if out not in (None, "-"):
            self.stderr.write(f"wrote {count} label(s) to {out}")
