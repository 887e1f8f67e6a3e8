"""bench/report.py: a bench's results file holds the machine, the load, the date, the command and its
tables, in Markdown for the docs and in JSON with the same data; a bench not run says so."""

from __future__ import annotations

import json
import os
import platform
import re

import pytest

from bench.report import SCHEMA, BenchRun, Table, command_line, write_not_run


def fake_tables() -> list[Table]:
    timings = Table(["case", "median ms", "p95 ms"], align="lrr", title="Timings")
    timings.add("a small case", "1.25", "2.50")
    timings.add("a | big case", 30, 41.5)
    return [timings, Table(["only"], rows=[["row"]])]


def test_write_puts_the_header_and_tables_in_markdown_and_the_same_data_in_json(tmp_path, capsys):
    run = BenchRun("fake_bench", out_dir=tmp_path, argv=["bench/fake_bench.py", "--runs", "3"])
    path = run.write(fake_tables(), notes=["3 rounds, interleaved."], data={"raw": [1.25, 30]})

    assert path == tmp_path / "fake_bench.md"
    text = path.read_text()
    header = next(line for line in text.splitlines() if line.startswith("*Measured"))
    assert "`.venv/bin/python bench/fake_bench.py --runs 3`" in header
    assert f"{os.cpu_count()} CPUs" in header and f"Python {platform.python_version()}" in header
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC", header)
    assert re.search(r"load average [\d.]+ at the start, [\d.]+ at the end", header)
    assert "3 rounds, interleaved." in text
    assert "**Timings**\n\n| case | median ms | p95 ms |\n| --- | ---: | ---: |\n| a small case | 1.25 | 2.50 |" in text
    assert "| a \\| big case | 30 | 41.5 |" in text  # a pipe in a cell would split it
    assert "| only |\n| --- |\n| row |" in text
    assert "| a small case | 1.25 | 2.50 |" in capsys.readouterr().out  # still printed for whoever ran it

    record = json.loads((tmp_path / "fake_bench.json").read_text())
    assert record["schema"] == SCHEMA and record["bench"] == "fake_bench" and record["run"] is True
    assert record["command"] == ".venv/bin/python bench/fake_bench.py --runs 3"
    assert record["machine"]["cpus"] == os.cpu_count() and record["machine"]["python"] == platform.python_version()
    assert len(record["load_average"]["start"]) == 3 and len(record["load_average"]["end"]) == 3
    assert record["started_at"].endswith("Z") and record["finished_at"] >= record["started_at"]
    assert record["tables"][0] == {"title": "Timings", "columns": ["case", "median ms", "p95 ms"],
                                   "rows": [["a small case", "1.25", "2.50"], ["a | big case", 30, 41.5]]}
    assert record["notes"] == ["3 rounds, interleaved."] and record["data"] == {"raw": [1.25, 30]}


def test_a_row_of_the_wrong_width_is_refused():
    with pytest.raises(ValueError, match="2 cells in a table of 3 columns"):
        Table(["a", "b", "c"]).add(1, 2)


def test_the_command_names_the_script_from_the_repository_root(repo_root):
    assert command_line([str(repo_root / "bench" / "x.py"), "--calls", "5 0"]) == \
        ".venv/bin/python bench/x.py --calls '5 0'"


def test_a_bench_not_run_gets_a_file_that_says_so_and_holds_no_numbers(tmp_path):
    path = write_not_run("gpu_thing", "it needs a GPU", out_dir=tmp_path)
    text = path.read_text()
    assert "Not run on this machine yet" in text and "it needs a GPU" in text and "|" not in text
    record = json.loads((tmp_path / "gpu_thing.json").read_text())
    assert record["run"] is False and record["reason"] == "it needs a GPU" and record["tables"] == []
