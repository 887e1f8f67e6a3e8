from catalog import CALLS, search_cache
from shop import handle_search


def test_several_colours_at_once():
    assert handle_search("?q=tee&colour=red&colour=blue") == (200, {"results": ["T-100", "T-101"]})


def test_single_filters():
    assert handle_search("?q=hoodie&colour=red") == (200, {"results": ["H-200"]})
    assert handle_search("?size=M&max_price=20") == (200, {"results": ["T-100"]})


def test_repeated_searches_hit_the_cache():
    search_cache.clear()
    before = CALLS["search"]
    for _ in range(3):
        handle_search("?q=shell&size=S&size=M")
    assert CALLS["search"] - before == 1


def test_bad_parameters_are_reported():
    assert handle_search("?colour=red&page=2") == (400, {"error": "unknown parameter(s): page"})
    assert handle_search("?max_price=cheap")[0] == 400
