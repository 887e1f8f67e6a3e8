"""The documentation site: scripts/docs builds it strictly and offline, every nav page is built, a page
left out of the nav or a broken link fails the build, and the README stays a short entry point."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from tests.helpers.docs_site import build

ROOT = Path(__file__).resolve().parents[2]


def nav_pages(nav) -> list[str]:
    pages = []
    for entry in nav:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        pages.extend(nav_pages(value) if isinstance(value, list) else [value])
    return pages


@pytest.mark.slow
def test_scripts_docs_builds_strictly_every_nav_page_and_loads_nothing_from_outside(tmp_path):
    site = tmp_path / "site"
    result = subprocess.run([str(ROOT / "scripts" / "docs"), "-d", str(site)], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable})
    assert result.returncode == 0, result.stderr
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text())
    assert config["theme"]["font"] is False and config["strict"] is True
    for page in nav_pages(config["nav"]):
        assert (site / page).with_suffix(".html").is_file(), page
    external = []
    for html in site.rglob("*.html"):
        external += re.findall(r'<(?:script|link|img)[^>]+(?:src|href)="(https?://[^"]+)"', html.read_text())
    assert external == [], f"pages load {sorted(set(external))} from the internet"
    # the Python API pages are rendered from the docstrings (mkdocstrings), the settings from their table
    api = (site / "reference" / "api-harness.html").read_text()
    assert 'id="harness.session.DebugSession"' in api and "The tools of one workspace for one arm" in api
    assert "STEPWISE_JOB_HEARTBEAT_S" in (site / "reference" / "settings.html").read_text()


@pytest.mark.slow
@pytest.mark.parametrize("breakage", ["nothing", "page left out of the nav", "link to a missing page"])
def test_strict_build_fails_on_an_omitted_page_or_a_broken_link(tmp_path, breakage):
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copytree(ROOT / "bench" / "results", tmp_path / "bench" / "results")  # the pages include them
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    if breakage == "nothing":  # the copy itself builds: the failures below come from the breakage
        result = build(tmp_path / "mkdocs.yml", tmp_path / "site")
        assert result.returncode == 0, result.stderr
        return
    if breakage == "page left out of the nav":
        (tmp_path / "docs" / "orphan.md").write_text("# Nobody links here\n")
    else:
        concepts = tmp_path / "docs" / "concepts.md"
        concepts.write_text(concepts.read_text() + "\nSee [the gone page](gone.md).\n")
    result = build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert result.returncode != 0
    assert ("orphan.md" if breakage == "page left out of the nav" else "gone.md") in result.stdout + result.stderr


def test_readme_is_short_keeps_both_setup_commands_and_links_only_to_existing_docs():
    readme = (ROOT / "README.md").read_text()
    # The results blocks are written by the benches (tests/docs/test_bench_results.py); the prose stays short.
    prose = re.sub(r"<!-- bench:(\w+) .*?<!-- /bench:\1 -->", "", readme, flags=re.S)
    assert len(prose.splitlines()) <= 120
    assert "```\nscripts/run\n```" in readme and "```\nscripts/test\n```" in readme
    links = re.findall(r"\]\((docs/[^)#]+)", readme)
    assert "docs/operation/security.md" in links and "docs/operation/roles.md" in links
    assert [link for link in links if not (ROOT / link).is_file()] == []
