"""Turns a finished crawl into a sitemap and a broken-link report."""

from website import links


def sitemap(pages, base="https://example.org"):
    entries = [f"  <url><loc>{base}{url}</loc></url>" for url in sorted(pages)]
    return "\n".join(['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', *entries, "</urlset>"])


def broken_links(pages, errors):
    """(page, link, status) for every link on a fetched page that pointed at a failing URL."""
    report = []
    for url in sorted(pages):
        for link in links(pages[url]):
            if link in errors:
                report.append((url, link, errors[link]))
    return report
