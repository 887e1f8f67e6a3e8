"""Django's {# #} comment ends on its own line: one that runs on is printed into the page as text (the
label page showed a partial's notes to annotators). Multi-line notes use {% comment %}."""

import re
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "webapp" / "templates"


def test_no_template_comment_runs_past_its_line():
    open_comments = [f"{path.relative_to(TEMPLATES)}:{number}"
                     for path in sorted(TEMPLATES.rglob("*.html"))
                     for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                     if re.search(r"\{#(?!.*#\})", line)]
    assert open_comments == []
