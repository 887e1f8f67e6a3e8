"""A bench's results file: its tables with the machine, the load, the date and the command, as data.

Every bench in bench/ ends with ``BenchRun.write``, which prints its tables and writes them to
``bench/results/<bench>.md`` (a header line, then Markdown tables, which the docs include) and
``bench/results/<bench>.json`` (the same, plus the bench's own numbers). Numbers in the docs come only
from these files, so they are never copied by hand. A bench that has not been run on this machine gets a
file that says so (``python bench/report.py --not-run NAME --reason TEXT``), never invented numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shlex
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

RESULTS_DIR = Path(__file__).resolve().parent / "results"
SCHEMA = "stepwise.bench_results/1"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def machine() -> dict:
    return {"cpus": os.cpu_count(), "cpu_model": cpu_model(), "python": platform.python_version(),
            "platform": platform.platform(terse=True)}


def utc_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def load_average() -> list[float]:
    return [round(value, 2) for value in os.getloadavg()]


def command_line(argv: list[str] | None = None) -> str:
    """The command as it was typed, with the script's path relative to the repository when it is inside."""
    argv = list(sys.argv if argv is None else argv)
    root = RESULTS_DIR.parent.parent
    script = Path(argv[0]).resolve() if argv else None
    if script is not None and script.is_relative_to(root):
        argv[0] = str(script.relative_to(root))
    return shlex.join([".venv/bin/python", *argv])


def _row(cells) -> str:
    return "| " + " | ".join(str(cell).replace("|", "\\|") for cell in cells) + " |"  # a bare | splits a cell


@dataclass
class Table:
    """One Markdown table: ``align`` holds "l" or "r" per column (numbers read best right-aligned)."""

    columns: list[str]
    rows: list[list] = field(default_factory=list)
    align: str = ""
    title: str = ""

    def add(self, *cells) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"a row of {len(cells)} cells in a table of {len(self.columns)} columns")
        self.rows.append(list(cells))

    def markdown(self) -> str:
        align = self.align.ljust(len(self.columns), "l")
        lines = [f"**{self.title}**", ""] if self.title else []
        lines.append(_row(self.columns))
        lines.append("| " + " | ".join("---:" if a == "r" else "---" for a in align) + " |")
        lines += [_row(row) for row in self.rows]
        return "\n".join(lines)

    def as_dict(self) -> dict:
        return {"title": self.title, "columns": self.columns, "rows": self.rows}


README = Path(__file__).resolve().parents[1] / "README.md"


def readme_markers(bench: str) -> tuple[str, str]:
    return f"<!-- bench:{bench} (written by bench/{bench}.py: re-run it, do not edit) -->", f"<!-- /bench:{bench} -->"


def readme_block(markdown: str) -> str:
    """What the README shows of a bench's results file: all of it but the "written by" comment."""
    return "\n".join(line for line in markdown.strip().splitlines() if not line.startswith("<!-- written by"))\
        .strip()


def update_readme(bench: str, markdown: str, readme: Path = README) -> bool:
    """Replace the README's block for ``bench`` (between its markers) with its results; False when the
    README has no block for it (most benches are on the Benchmarks page only)."""
    start, end = readme_markers(bench)
    text = readme.read_text(encoding="utf-8") if readme.is_file() else ""
    if start not in text or end not in text:
        return False
    before, rest = text.split(start, 1)
    _, after = rest.split(end, 1)
    readme.write_text(f"{before}{start}\n{readme_block(markdown)}\n{end}{after}", encoding="utf-8")
    return True


class BenchRun:
    """Made when a bench starts (the date, the load and the command then), written when it ends."""

    def __init__(self, bench: str, *, out_dir: Path | str | None = None, argv: list[str] | None = None):
        self.bench = bench
        self.out_dir = Path(out_dir) if out_dir else RESULTS_DIR
        self.command = command_line(argv)
        self.started_at = utc_now()
        self.load_start = load_average()

    def header(self, load_end: list[float], finished_at: str) -> str:
        m = machine()
        return (f"*Measured {finished_at.replace('T', ' ').removesuffix('Z')} UTC by `{self.command}` on "
                f"{m['cpus']} CPUs ({m['cpu_model']}), Python {m['python']}; load average "
                f"{self.load_start[0]} at the start, {load_end[0]} at the end.*")

    def write(self, tables: list[Table], *, notes: list[str] = (), data: object = None) -> Path:
        """Print the tables, write ``<bench>.md`` and ``<bench>.json``; returns the Markdown file's path."""
        load_end, finished_at = load_average(), utc_now()
        parts = [f"<!-- written by bench/{self.bench}.py through bench/report.py: re-run it, do not edit -->",
                 self.header(load_end, finished_at)]
        parts += list(notes)
        parts += [table.markdown() for table in tables]
        text = "\n\n".join(parts) + "\n"
        record = {"schema": SCHEMA, "bench": self.bench, "run": True, "command": self.command,
                  "started_at": self.started_at, "finished_at": finished_at, "machine": machine(),
                  "load_average": {"start": self.load_start, "end": load_end}, "notes": list(notes),
                  "tables": [table.as_dict() for table in tables], "data": data}
        self.out_dir.mkdir(parents=True, exist_ok=True)
        markdown = self.out_dir / f"{self.bench}.md"
        markdown.write_text(text, encoding="utf-8")
        (self.out_dir / f"{self.bench}.json").write_text(json.dumps(record, indent=1, default=str) + "\n",
                                                         encoding="utf-8")
        if self.out_dir.resolve() == RESULTS_DIR.resolve() and update_readme(self.bench, text):
            print("the README's results block was updated", file=sys.stderr)
        print("\n" + "\n\n".join(parts[1:]))
        print(f"\nwritten to {markdown}", file=sys.stderr)
        return markdown


def add_out_dir(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out-dir", default=str(RESULTS_DIR),
                        help="where the results file goes (default bench/results, the committed one)")


def write_not_run(bench: str, reason: str, *, out_dir: Path | str | None = None) -> Path:
    """A results file that says plainly that the bench has not been run on this machine, and why."""
    out_dir = Path(out_dir) if out_dir else RESULTS_DIR
    m, now = machine(), utc_now()
    text = (f"<!-- written by bench/report.py --not-run: replace it by running bench/{bench}.py -->\n\n"
            f"*Not run on this machine yet ({m['cpus']} CPUs, {m['cpu_model']}, Python {m['python']}; noted "
            f"{now.replace('T', ' ').removesuffix('Z')} UTC): {reason}. No numbers are shown until it is.*\n")
    record = {"schema": SCHEMA, "bench": bench, "run": False, "reason": reason, "noted_at": now, "machine": m,
              "tables": [], "data": None}
    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / f"{bench}.md").write_text(text, encoding="utf-8")
    (out_dir / f"{bench}.json").write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return out_dir / f"{bench}.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Write a results file for a bench not run on this machine.")
    parser.add_argument("--not-run", required=True, metavar="BENCH", help="the bench's name (bench/BENCH.py)")
    parser.add_argument("--reason", required=True, help="why it was not run, in a few words")
    parser.add_argument("--out-dir", default=str(RESULTS_DIR))
    args = parser.parse_args(argv)
    print(write_not_run(args.not_run, args.reason, out_dir=args.out_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
