"""The "?" in the header links each page to its doc (webapp/core/help.py): every named route has a
help target or a reason for none, every target is a page and anchor of the site scripts/docs builds,
and every page with the header, tried with the route matrix's sample values, carries its link."""

from __future__ import annotations

import html
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve

from tests.webapp.route_table import ROUTES, concrete
from webapp.core.help import HELP, NOT_PAGES

ROOT = Path(__file__).resolve().parents[2]


def route_names(resolver=None) -> list[str]:
    """The name of every named URL pattern outside the admin site (which has its own header)."""
    names = []
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if entry.namespace != "admin":
                names += route_names(entry)
        elif isinstance(entry, URLPattern) and entry.name:
            names.append(entry.name)
    return names


def help_anchor(content: str) -> tuple[str, str] | None:
    """(href, aria-label) of the header's help link, if the page has one."""
    found = re.search(r'<a class="help" href="([^"]+)" aria-label="([^"]+)"', content)
    return (html.unescape(found[1]), html.unescape(found[2])) if found else None


def test_every_named_route_has_a_help_target_or_a_reason_for_none():
    names = set(route_names())

    assert sorted(names - set(HELP) - set(NOT_PAGES)) == []
    assert sorted((set(HELP) | set(NOT_PAGES)) - names) == []  # nothing for a route that is gone
    assert sorted(set(HELP) & set(NOT_PAGES)) == []


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    site = tmp_path_factory.mktemp("docs") / "site"
    result = subprocess.run([str(ROOT / "scripts" / "docs"), "-d", str(site)], cwd=ROOT, capture_output=True,
                            text=True, timeout=180, env={"PATH": "/usr/bin:/bin", "PYTHON": sys.executable})
    assert result.returncode == 0, result.stderr
    return site


@pytest.mark.slow
def test_every_help_target_is_a_page_and_an_anchor_of_the_built_site(site):
    missing = []
    for name, target in HELP.items():
        page = site / target.page
        if not page.is_file():
            missing.append(f"{name}: no page {target.page}")
        elif target.anchor and f'id="{target.anchor}"' not in page.read_text(encoding="utf-8"):
            missing.append(f"{name}: no #{target.anchor} on {target.page}")

    assert missing == []
    assert len({(t.page, t.anchor) for t in HELP.values()}) >= 10  # the pages point at different docs


@pytest.mark.django_db
def test_the_labeling_page_links_to_the_labeling_section_for_an_annotator(client, annotation_data):
    client.force_login(annotation_data["ann"])

    content = client.get("/label/cache_stale/").content.decode()

    assert help_anchor(content) == ("/docs/annotators.html#the-labeling-queue-and-its-keys",
                                    "Help: the labeling queue and its keys")
    assert 'data-key="?"' not in content  # the "?" key still opens the keys overlay (keys.js), not the link


@pytest.mark.django_db
def test_a_visitor_sees_no_help_link_the_docs_need_a_login(client):
    content = client.get("/accounts/login/").content.decode()

    assert 'class="topbar"' in content and help_anchor(content) is None


@pytest.mark.slow
@pytest.mark.django_db
def test_every_page_with_the_header_links_to_its_doc_and_the_others_have_no_header(client, world):
    client.force_login(world["users"]["admin"])
    wrong, linked = {}, set()
    for route, decision in ROUTES.items():
        if decision.method != "GET":
            continue
        path = concrete(route, decision.kwargs, world)
        response = client.get(path)
        name = resolve(path).url_name
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        content = response.content.decode()
        header = 'class="topbar"' in content
        if name in NOT_PAGES and header:
            wrong[path] = f"has the app's header, but NOT_PAGES says {NOT_PAGES[name]!r}"
        elif name in HELP:
            expected = (HELP[name].href, HELP[name].label)
            if help_anchor(content) != expected:
                wrong[path] = f"help link {help_anchor(content)}, expected {expected}"
            linked.add(name)

    assert wrong == {}
    assert {"home", "task_detail", "label_task", "trajectory_list", "replay", "trajectory_review",
            "job_list", "job_detail", "eval_list", "live_list", "live_episode", "export"} <= linked
