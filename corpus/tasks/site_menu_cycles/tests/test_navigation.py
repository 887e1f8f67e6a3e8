import pytest
from menu import MenuError, build_menu
from navigation import all_urls, breadcrumbs, sitemap

TREE = {
    "home": {"url": "/", "children": ["docs", "blog"]},
    "docs": {"url": "/docs", "children": ["install"]},
    "install": {"url": "/docs/install"},
    "blog": {"url": "/blog", "title": "News"},
}

LINKED = dict(TREE, install={"url": "/docs/install", "children": ["help"]},
              help={"url": "/help", "children": ["home"]})


def test_help_links_back_home():
    menu = build_menu(LINKED)
    assert all_urls(menu) == ["/", "/docs", "/docs/install", "/help", "/blog"]
    assert breadcrumbs(menu, "/blog") == ["Home", "News"]


def test_urls_of_a_tree():
    assert all_urls(build_menu(TREE)) == ["/", "/docs", "/docs/install", "/blog"]


def test_breadcrumbs_in_a_tree():
    assert breadcrumbs(build_menu(TREE), "/docs/install") == ["Home", "Docs", "Install"]


def test_sitemap_of_a_tree():
    assert sitemap(build_menu(TREE)) == ["Home (/)", "  Docs (/docs)", "    Install (/docs/install)", "  News (/blog)"]


def test_config_errors():
    with pytest.raises(MenuError, match="unknown child 'faq'"):
        build_menu({"home": {"url": "/", "children": ["faq"]}})


def test_sitemap_lists_each_section_once():
    lines = sitemap(build_menu(LINKED))
    assert lines[-1] == "  News (/blog)"
    assert len(lines) == 5


def test_url_normalisation():
    from urls import normalise

    assert normalise("/Docs//install/?x=1#top") == "/docs/install"
    assert normalise("/docs/./a/../install") == "/docs/install"
    assert normalise("https://example.org/X") == "https://example.org/X"


def test_active_entries():
    from urls import active_titles

    menu = build_menu(TREE)
    assert active_titles(menu.children, "/docs/install/") == ["Docs"]
    assert active_titles([menu], "/docs") == []
    assert active_titles([menu], "/") == ["Home"]
