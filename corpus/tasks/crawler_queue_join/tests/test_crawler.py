import asyncio

from crawler import Crawler
from sitemap import broken_links, sitemap
from website import FakeSite

HEALTHY = {
    "/": '<a href="/about">about</a> <a href="/blog">blog</a> <a href="https://elsewhere.com/">x</a>',
    "/about": '<a href="/">home</a>',
    "/blog": '<a href="/blog/1">first</a> <a href="/blog/2">second</a>',
    "/blog/1": '<a href="/blog">back</a>',
    "/blog/2": '<a href="/blog">back</a>',
}


def crawl(pages, **options):
    crawler = Crawler(FakeSite(pages), **options)
    return asyncio.run(crawler.crawl()), crawler


def test_site_with_a_broken_link_is_crawled_and_reported():
    pages = dict(HEALTHY, **{"/about": '<a href="/">home</a> <a href="/team">team</a>'})
    found, crawler = crawl(pages)
    assert found == ["/", "/about", "/blog", "/blog/1", "/blog/2"]
    assert broken_links(crawler.pages, crawler.errors) == [("/about", "/team", 404)]


def test_healthy_site_is_fully_crawled():
    found, crawler = crawl(HEALTHY)
    assert found == sorted(HEALTHY)
    assert crawler.errors == {}


def test_external_links_are_not_followed():
    _, crawler = crawl(HEALTHY)
    assert all(url.startswith("/") for url in crawler.site.fetched)
    assert len(crawler.site.fetched) == len(set(crawler.site.fetched))


def test_page_limit():
    found, _ = crawl(HEALTHY, max_pages=2)
    assert found == ["/", "/about"]


def test_sitemap_lists_pages():
    xml = sitemap({"/": "", "/about": ""})
    assert "<loc>https://example.org/about</loc>" in xml.splitlines()[2]
