"""Bench figures are data: every bench in bench/ has a committed results file (Markdown and JSON, written
by bench/report.py), the Benchmarks page includes each one, the topic pages include results files instead of
copied numbers, and the strict build fails when an included results file is missing."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bench.report import SCHEMA

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "bench" / "results"
INCLUDE = re.compile(r'^--8<-- "([^"]+)"$', re.MULTILINE)


def benches() -> list[str]:
    """Every script in bench/ that runs as a program, except the results writer itself."""
    return sorted(path.stem for path in (ROOT / "bench").glob("*.py")
                  if 'if __name__ == "__main__":' in path.read_text() and path.stem != "report")


def includes(page: Path) -> list[str]:
    return INCLUDE.findall(page.read_text())


def test_every_bench_writes_through_the_shared_module_and_has_its_results_files():
    assert len(benches()) >= 10, benches()
    for name in benches():
        source = (ROOT / "bench" / f"{name}.py").read_text()
        assert f'BenchRun("{name}"' in source, f"bench/{name}.py does not write its results through bench/report.py"
        markdown, record = RESULTS / f"{name}.md", RESULTS / f"{name}.json"
        assert markdown.is_file() and record.is_file(), f"bench/{name}.py has no results file in bench/results/"
        data = json.loads(record.read_text())
        assert data["schema"] == SCHEMA and data["bench"] == name
        text = markdown.read_text()
        if data["run"]:
            assert data["command"].startswith(f".venv/bin/python bench/{name}.py"), data["command"]
            assert f"`{data['command']}`" in text and "load average" in text and "UTC" in text
            assert data["tables"] and all(table["rows"] for table in data["tables"]), f"{name}: an empty table"
            for table in data["tables"]:
                assert "| " + " | ".join(table["columns"]) + " |" in text
        else:
            assert "Not run on this machine yet" in text and data["reason"] in text


def test_the_benchmarks_page_is_in_the_nav_and_includes_every_bench_with_its_command():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    assert {"Benchmarks": "benchmarks.md"} in config["nav"]
    page = ROOT / "docs" / "benchmarks.md"
    text = page.read_text()
    assert sorted(set(includes(page))) == [f"bench/results/{name}.md" for name in benches()]
    for name in benches():
        assert f"## {name}\n" in text and f".venv/bin/python bench/{name}.py" in text, name


def test_pages_that_name_a_bench_include_its_results_and_copy_no_table():
    """A docs page naming `bench/X.py` shows X's results file, not a hand-typed table."""
    for page in sorted((ROOT / "docs").rglob("*.md")):
        if "reference" in page.relative_to(ROOT / "docs").parts:
            continue
        named = set(re.findall(r"bench/(\w+)\.py", page.read_text())) & set(benches())
        included = {Path(path).stem for path in includes(page)}
        assert named <= included, f"{page.relative_to(ROOT)} names {sorted(named - included)} without its results"
        for path in includes(page):
            assert (ROOT / path).is_file(), path


def test_snippets_are_checked_from_the_repository_root():
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    snippets = next(ext["pymdownx.snippets"] for ext in config["markdown_extensions"]
                    if isinstance(ext, dict) and "pymdownx.snippets" in ext)
    assert snippets["check_paths"] is True and snippets["base_path"] == ["."]


@pytest.mark.slow
def test_scripts_docs_fails_when_an_included_results_file_is_missing(tmp_path):
    """scripts/docs on a copy of the docs sources: it builds with every results file, and fails naming the
    one taken away."""
    shutil.copytree(ROOT / "docs", tmp_path / "docs", ignore=shutil.ignore_patterns("reference", "__pycache__"))
    shutil.copytree(RESULTS, tmp_path / "bench" / "results", ignore=shutil.ignore_patterns("*.log"))
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "docs", tmp_path / "scripts" / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")

    def scripts_docs() -> subprocess.CompletedProcess:
        # The copy's docs/gen writes the reference pages into the copy; the code they describe is this checkout's.
        return subprocess.run([str(tmp_path / "scripts" / "docs"), "-d", str(tmp_path / "site")], cwd=tmp_path,
                              capture_output=True, text=True, timeout=180,
                              env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable, "PYTHONPATH": str(ROOT)})

    built = scripts_docs()
    assert built.returncode == 0, built.stdout + built.stderr
    html = (tmp_path / "site" / "benchmarks.html").read_text()
    record = json.loads((RESULTS / "verify_cost.json").read_text())
    shown = record["tables"][0]["columns"][0] if record["run"] else "Not run on this machine yet"
    assert shown in html and '--8&lt;--' not in html  # the file's text is in the page, not the include line

    (tmp_path / "bench" / "results" / "verify_cost.md").unlink()
    broken = scripts_docs()
    assert broken.returncode != 0
    assert "verify_cost.md" in broken.stdout + broken.stderr


def test_readme_results_blocks_are_their_results_files_and_a_run_rewrites_them(tmp_path):
    from bench.report import readme_block, readme_markers, update_readme

    readme = (ROOT / "README.md").read_text()
    blocks = re.findall(r"<!-- bench:(\w+) ", readme)
    assert "interop_overhead" in blocks
    for name in blocks:
        start, end = readme_markers(name)
        shown = readme.split(start, 1)[1].split(end, 1)[0].strip()
        assert shown == readme_block((RESULTS / f"{name}.md").read_text()), f"README's {name} block is stale"
    # A bench run rewrites the block between its markers and leaves the rest of the file alone.
    copy = tmp_path / "README.md"
    copy.write_text(readme)
    assert update_readme("interop_overhead", "<!-- written by x -->\n\n*Measured now*\n\n| a |\n| --- |\n| 1 |\n", copy)
    text = copy.read_text()
    assert "*Measured now*\n\n| a |" in text and text.count("interop_overhead (written") == 1
    assert text.replace(text.split(readme_markers("interop_overhead")[0])[1].split("<!-- /bench")[0], "") == \
        readme.replace(readme.split(readme_markers("interop_overhead")[0])[1].split("<!-- /bench")[0], "")
    assert not update_readme("no_such_bench", "x", copy)
