"""``corpus stats`` writes the per-task table, the summary and the plots."""

from __future__ import annotations

import csv
import json

import pytest

from corpus.cli import stats as stats_cli
from corpus.format import load_task
from corpus.shape import shape_report
from corpus.splits import write_splits
from corpus.stats import summarize, task_rows
from tests.helpers.tasks import BUGGY_COUNTER, CORRECT_COUNTER, TEST_COUNTER, write_task

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_rows_count_loc_with_tests_files_and_fix_lines(tmp_path):
    task = load_task(write_task(tmp_path, shared={"helpers.py": "def helper():\n    return 1\n"}))

    [row] = task_rows([task], {"counter_skip": "train"})

    # counter.py 5 + helpers.py 2 + test_counter.py 3 non-blank lines; the fix changes one line (-1 +1).
    assert (row.loc, row.files, row.fix_diff_lines, row.split) == (10, 3, 2, "train")
    assert (row.modules, row.failure, row.failure_frames, row.failure_files, row.tags) == (2, "fails", 1, 1, "tiny")


def test_summary_gives_medians_90th_percentiles_and_label_counts(tmp_path):
    bigger = CORRECT_COUNTER + "\n".join(f"X{i} = {i}" for i in range(20)) + "\n"
    tasks = [load_task(write_task(tmp_path, "a")), load_task(write_task(tmp_path, "b", preference="avoid")),
             load_task(write_task(tmp_path, "c", buggy={"counter.py": BUGGY_COUNTER + bigger[len(CORRECT_COUNTER):]},
                                  correct={"counter.py": bigger}, category="caching"))]

    summary = summarize(task_rows(tasks))

    assert summary["measures"]["loc"]["median"] == 8
    assert summary["measures"]["loc"]["max"] == 28
    assert summary["by_preference"] == {"recommended": 0, "optional": 2, "avoid": 1}
    assert summary["by_category"] == {"caching": 1, "off_by_one": 2}


@pytest.mark.slow
def test_stats_command_writes_table_summary_and_plots(tmp_path, capsys):
    root, out, splits_file = tmp_path / "tasks", tmp_path / "out", tmp_path / "splits.json"
    write_task(root, "alpha")
    write_task(root, "beta", preference="recommended")
    write_splits({"alpha": "train", "beta": "heldout"}, splits_file)

    code = stats_cli.main(["--out", str(out), "--root", str(root), "--splits", str(splits_file)])

    assert code == 0
    with open(out / "tasks.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["name"], r["split"], r["loc"]) for r in rows] == [("alpha", "train", "8"), ("beta", "heldout", "8")]
    assert "| alpha | off_by_one | optional | train | fails | 8 | 2 | 1 | 2 | 1 | 1 | 0 |" in (out / "tasks.md").read_text()
    summary = json.loads((out / "summary.json").read_text())
    assert summary["measures"]["fix_diff_lines"]["p90"] == 2
    assert summary["most_similar"] == [{"first": "alpha", "second": "beta", "similarity": 1.0, "shared": 14}]
    assert {"target": "tasks", "minimum": 200, "value": 2.0, "met": False, "margin": -198.0} in summary["shape"]
    for plot in ("size.png", "fix_diff.png", "labels.png", "distance.png"):
        assert (out / plot).read_bytes()[:8] == PNG_MAGIC
    # The README block lists the splits in train / validation / heldout order.
    assert "| split | tasks |\n| --- | ---: |\n| train | 1 |\n| heldout | 1 |\n" in (out / "summary.md").read_text()
    assert (out / "mechanisms.md").read_text().startswith("# Tasks that share a mechanism")
    # The page counts every origin side by side (the real and generated corpora beside --root by default).
    page = (out / "tasks.md").read_text()
    assert "## By origin" in page and "| hand-written | 2 | 0 | 0 | 0 | 2 |" in page
    assert "| real | " in page and "| generated | " in page
    printed = capsys.readouterr().out
    assert "fix-diff lines           median 2" in printed
    assert "  tasks                                 2 (minimum 200): SHORT by 198" in printed
    assert "most similar pair: alpha ~ beta (1.000)" in printed


@pytest.mark.slow
def test_distances_come_from_the_failing_tests_of_a_validation_report(tmp_path, capsys):
    root, report = tmp_path / "tasks", tmp_path / "report.json"
    tests = TEST_COUNTER + "\n\ndef test_through_a_helper():\n    assert via_helper([1, 2]) == 3\n"
    helper = "from counter import total\n\n\ndef via_helper(values):\n    return total(values)\n"
    write_task(root, "alpha", shared={"helper.py": helper},
               tests={"test_counter.py": tests.replace("from counter import total",
                                                       "from counter import total\nfrom helper import via_helper")})
    report.write_text(json.dumps({"tasks": [{"task": "alpha", "runs": {"buggy": {
        "failing_tests": ["test_counter.py::test_through_a_helper"]}}}]}))

    out = tmp_path / "out"
    args = ["--out", str(out), "--root", str(root), "--splits", str(tmp_path / "none")]

    code = stats_cli.main([*args, "--validation", str(report)])
    again = stats_cli.main(args)  # later runs reuse the failing tests kept beside the table

    with open(out / "tasks.csv", encoding="utf-8") as fh:
        [row] = list(csv.DictReader(fh))
    assert code == again == 0
    assert (row["failure_frames"], row["failure_files"]) == ("2", "2")  # via_helper -> total
    assert json.loads((out / "failing_tests.json").read_text()) == {
        "alpha": ["test_counter.py::test_through_a_helper"]}
    assert "note: distances from the failing tests kept in" in capsys.readouterr().err


def test_shape_targets_count_themes_by_category_or_tag(tmp_path):
    tasks = [load_task(write_task(tmp_path, "a", category="asyncio")),
             load_task(write_task(tmp_path, "b", category="timeouts", tags=["asyncio", "deadline"])),
             load_task(write_task(tmp_path, "c", category="locks", failure="hang", preference="avoid",
                                  dependencies=["attrs==24.2.0"]))]
    rows = task_rows(tasks)

    report = {t["target"]: t for t in shape_report(rows, summarize(rows))}

    assert report["asyncio tasks"]["value"] == 2 and report["timeouts tasks"]["value"] == 1
    assert report["threading/locks tasks"]["value"] == 1 and report["hang tasks"]["value"] == 1
    assert report["avoid labels"]["value"] == 1 and report["through an installed library"]["value"] == 1
    assert report["median fix-diff lines"] == {"target": "median fix-diff lines", "minimum": 8, "value": 2.0,
                                               "met": False, "margin": -6.0}


@pytest.mark.slow
def test_stats_skips_a_malformed_task_and_says_so(tmp_path, capsys):
    root = tmp_path / "tasks"
    write_task(root, "alpha")
    write_task(root, "broken", preference="maybe")

    code = stats_cli.main(["--out", str(tmp_path / "out"), "--root", str(root), "--splits", str(tmp_path / "none")])

    assert code == 1
    assert "skipped: task 'broken': preference: 'maybe' is not one of" in capsys.readouterr().err
    assert (tmp_path / "out" / "size.png").is_file()


@pytest.mark.slow
def test_stats_fills_the_readme_block_and_nothing_else(tmp_path):
    root, readme = tmp_path / "tasks", tmp_path / "README.md"
    write_task(root, "alpha")
    readme.write_text("# Title\n<!-- corpus-stats:start -->\nold\n<!-- corpus-stats:end -->\ntail\n")

    code = stats_cli.main(["--out", str(tmp_path / "out"), "--root", str(root), "--splits", str(tmp_path / "none"),
                           "--readme", str(readme)])

    text = readme.read_text()
    assert code == 0
    assert text.startswith("# Title\n<!-- corpus-stats:start -->\n1 tasks (0 with a dependency manifest, 0 that hang).")
    assert "| hang tasks | 12 | 0 | no (-12) |" in text
    assert "old" not in text and text.endswith("<!-- corpus-stats:end -->\ntail\n")
