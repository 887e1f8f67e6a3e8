import pytest
from blog_app import build_router
from pattern import RouteError
from router import Router


def test_single_optional_part():
    router = build_router()
    assert router.dispatch("/posts/spring-seeds") == (200, "post spring-seeds page 1")
    assert router.dispatch("/posts/spring-seeds/page/2") == (200, "post spring-seeds page 2")
    assert router.dispatch("/posts/Spring") == (404, "no route for /posts/Spring")


def test_archive_by_year_and_month():
    router = build_router()
    assert router.dispatch("/blog") == (200, "archive all/all: hello-world, winter-garden, spring-seeds, summer-shade")
    assert router.dispatch("/blog/2024") == (200, "archive 2024/all: winter-garden, spring-seeds, summer-shade")
    assert router.dispatch("/blog/2024/3") == (200, "archive 2024/3: spring-seeds")


def test_feeds_for_every_archive_level():
    router = build_router()
    assert router.dispatch("/blog/feed.xml") == (200, "rss all/all (4 items)")
    assert router.dispatch("/blog/2024/feed.xml") == (200, "rss 2024/all (3 items)")
    assert router.dispatch("/blog/2024/7/feed.xml") == (200, "rss 2024/7 (1 items)")


def test_links_to_feeds():
    router = build_router()
    assert router.url_for("feed") == "/blog/feed.xml"
    assert router.url_for("feed", year=2023, month=11) == "/blog/2023/11/feed.xml"
    assert router.url_for("post", slug="hello-world", page=3) == "/posts/hello-world/page/3"


def test_inner_part_needs_the_outer_one():
    router = build_router()
    assert router.url_for("archive", month=5) == "/blog"
    with pytest.raises(RouteError, match="missing value for \\{slug\\}"):
        router.url_for("post", page=2)


def test_pattern_mistakes_are_reported():
    router = Router()
    with pytest.raises(RouteError, match="must start with '/'"):
        router.add("x", "blog", lambda: "")
    with pytest.raises(RouteError, match="bad parameter '\\{year:date\\}'"):
        router.add("x", "/blog/{year:date}", lambda: "")
    with pytest.raises(RouteError, match="'\\{' at 5 is never closed"):
        router.add("x", "/blog{year", lambda: "")
    with pytest.raises(RouteError, match="an optional part '\\[' is never closed"):
        router.add("x", "/blog[/{year}", lambda: "")


def test_routes_are_tried_in_order():
    router = Router()
    router.add("exact", "/status", lambda: "exact")
    router.add("any", "/{page}", lambda page: f"page {page}")
    assert router.dispatch("/status") == (200, "exact")
    assert router.dispatch("/about") == (200, "page about")
    assert router.dispatch("/about/team") == (404, "no route for /about/team")
