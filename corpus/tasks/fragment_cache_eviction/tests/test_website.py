import pytest
from cms import sample_store
from fragments import FragmentCache
from website import Site


def test_home_page_stays_cached_while_it_is_popular():
    store = sample_store()
    site = Site(store, capacity=3)
    site.browse(["home", "menu", "home", "about", "home", "contact", "home", "jobs", "home"])
    assert store.renders.count("home") == 1
    assert site.cache.evicted == ["menu", "about"]


def test_page_html():
    assert Site(sample_store()).page("menu") == "<h1>Menu</h1><p>Assam, sencha, rooibos.</p>"


def test_repeat_visits_hit_the_cache():
    store = sample_store()
    site = Site(store)
    site.browse(["home", "home", "home"])
    assert (site.cache.hits, site.cache.misses, store.renders) == (2, 1, ["home"])


def test_entries_expire():
    store = sample_store()
    site = Site(store, ttl=2)
    site.browse(["home", "menu", "about", "home"])
    assert store.renders == ["home", "menu", "about", "home"]


def test_capacity_is_respected_in_insertion_order_without_reuse():
    site = Site(sample_store(), capacity=2)
    site.browse(["home", "menu", "about", "contact"])
    assert site.cache.evicted == ["home", "menu"]


def test_bad_capacity_and_unknown_page():
    with pytest.raises(ValueError, match="at least 1"):
        FragmentCache(0)
    with pytest.raises(KeyError, match="no page 'shop'"):
        Site(sample_store()).page("shop")
