"""A walk of the whole site in Chromium, as a new user clicks through it: every page reachable by a link
from the start page (a few of each URL pattern), every file it links for download, and every form on those
pages submitted as it stands. It records what a person would call broken: a 500 (or no answer), a
refusal without a message, a page wider than the screen."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin, urlsplit

from django.urls import Resolver404, resolve

SKIPPED_PATHS = ("/admin/", "/accounts/logout/", "/static/", "/ws/")
DOWNLOAD = re.compile(r"\.(png|zip|jsonl|json|css|ico|txt|svg)$")
# What a page shows when it refuses: a field's error, a message, or the error page's reason.
REFUSAL = ".errorlist, .messages li, .refusal, .field-error, [id$='_errors'], .error"


# The outermost elements that reach past the screen's right edge: what makes a page too wide.
WIDEST = """() => { const out = []; for (const e of document.querySelectorAll('body *')) {
  const right = e.getBoundingClientRect().right, parent = e.parentElement;
  if (right > window.innerWidth + 1 && !(parent && parent.getBoundingClientRect().right > window.innerWidth + 1)
      && out.length < 3) out.push(e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : '')
                                   + ' ' + Math.round(right) + ' px'); } return out; }"""


@dataclass
class WalkReport:
    pages: list[str] = field(default_factory=list)
    forms: list[str] = field(default_factory=list)
    downloads: list[str] = field(default_factory=list)
    server_errors: list[str] = field(default_factory=list)  # "STATUS URL (after what)"
    silent_refusals: list[str] = field(default_factory=list)
    too_wide: list[str] = field(default_factory=list)  # "URL: N px"
    screenshots: list[Path] = field(default_factory=list)

    def problems(self) -> list[str]:
        return ([f"server error: {e}" for e in self.server_errors] + [f"refused without a message: {r}"
                for r in self.silent_refusals] + [f"wider than the screen: {w}" for w in self.too_wide])


def _route(path: str) -> str | None:
    try:
        return resolve(path).route
    except Resolver404:
        return None


def _walkable(base: str, here: str, href: str) -> str | None:
    url = urljoin(base + here, href)
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}" != base or any(parts.path.startswith(p) for p in SKIPPED_PATHS):
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


def walk_site(page, base: str, *, start: str = "/", per_route: int = 2, max_pages: int = 150,
              shots: Path | None = None, forms: bool = True) -> WalkReport:
    """Walk from ``start`` on ``page`` (signed in already, at the viewport to check); ``base`` is the site's
    origin. Screenshots of each page go to ``shots`` when given."""
    report = WalkReport()
    pending: list[tuple[str, str]] = [(start, "the start page")]
    seen: set[str] = set()
    per: Counter = Counter()
    answers: list[tuple[int, str]] = []
    page.on("response", lambda r: answers.append((r.status, r.url))
            if r.request.resource_type in ("document", "xhr", "fetch") else None)

    def errors_since(mark: int, after: str) -> None:
        report.server_errors.extend(f"{status} {url} (after {after})" for status, url in answers[mark:] if status >= 500)

    while pending and len(report.pages) < max_pages:
        path, came_from = pending.pop(0)
        if path in seen:
            continue
        seen.add(path)
        route = _route(path.split("?")[0]) or "(no such page)"
        if per[route] >= per_route:
            continue
        per[route] += 1
        if DOWNLOAD.search(path.split("?")[0]):
            response = page.request.get(base + path)
            report.downloads.append(path)
            if response.status >= 500:
                report.server_errors.append(f"{response.status} {path} (a download linked from {came_from})")
            continue
        mark = len(answers)
        try:
            response = page.goto(base + path)
        except Exception as exc:  # no answer at all (a hang, a reset): as broken as a 500
            report.server_errors.append(f"no answer from {path} (linked from {came_from}): {exc}")
            continue
        errors_since(mark, f"opening it, linked from {came_from}")
        report.pages.append(path)
        status = response.status if response else 0
        if status >= 400 and not page.locator(REFUSAL).count():
            report.silent_refusals.append(f"{status} {path} (linked from {came_from})")
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > page.viewport_size["width"]:
            report.too_wide.append(f"{path}: {width} px ({', '.join(page.evaluate(WIDEST))})")
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-") or "home"
            target = shots / f"{name[:80]}.png"
            page.screenshot(path=str(target))
            report.screenshots.append(target)
        if path.startswith("/docs/"):  # the documentation site: checked by scripts/docs, not walked here
            continue
        hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.getAttribute('href'))")
        for href in hrefs:
            target = _walkable(base, path, href or "")
            if target and target not in seen:
                pending.append((target, path))
        if forms and status < 400:
            _submit_forms(page, base, path, report, answers)
    return report


def _submit_forms(page, base: str, path: str, report: WalkReport, answers: list) -> None:
    """Submit each form of ``path`` as it stands (the page reloaded before each)."""
    count = page.locator("form").count()
    for index in range(min(count, 6)):
        form = page.locator("form").nth(index)
        action = form.get_attribute("action") or path
        if any(urlsplit(urljoin(base + path, action)).path.startswith(p) for p in SKIPPED_PATHS):
            continue
        label = f"form {index + 1} of {path} (to {action})"
        mark = len(answers)
        try:
            with page.expect_navigation(timeout=15_000):
                form.evaluate("f => f.requestSubmit ? f.requestSubmit() : f.submit()")
        except Exception:  # an htmx form swaps part of the page instead, or the browser refused it as invalid
            page.wait_for_timeout(500)
        report.forms.append(label)
        errors_since_mark = [f"{s} {u} (after submitting {label})" for s, u in answers[mark:] if s >= 500]
        report.server_errors.extend(errors_since_mark)
        last = next((s for s, u in reversed(answers[mark:])), None)
        if last is not None and last >= 400 and not page.locator(REFUSAL).count():
            report.silent_refusals.append(f"{last} after submitting {label}")
        page.goto(base + path)
