"""The blog's routes and handlers."""

from router import Router

POSTS = [
    {"slug": "hello-world", "year": 2023, "month": 11},
    {"slug": "winter-garden", "year": 2024, "month": 1},
    {"slug": "spring-seeds", "year": 2024, "month": 3},
    {"slug": "summer-shade", "year": 2024, "month": 7},
]


def archive(year=None, month=None):
    posts = [p["slug"] for p in POSTS if year in (None, p["year"]) and month in (None, p["month"])]
    return f"archive {year or 'all'}/{month or 'all'}: {', '.join(posts) or 'nothing'}"


def feed(year=None, month=None):
    count = len([p for p in POSTS if year in (None, p["year"]) and month in (None, p["month"])])
    return f"rss {year or 'all'}/{month or 'all'} ({count} items)"


def post(slug, page=1):
    return f"post {slug} page {page}"


def build_router():
    router = Router()
    router.add("feed", "/blog[/{year:int}[/{month:int}]]/feed.xml", feed)
    router.add("archive", "/blog[/{year:int}[/{month:int}]]", archive)
    router.add("post", "/posts/{slug:slug}[/page/{page:int}]", post)
    return router
