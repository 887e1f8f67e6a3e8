import pytest

from facets import breadcrumbs, canonical_url, facet_counts
from filters import build_filters
from query import parse_query
from search import search


def run(url):
    params = parse_query(url)
    return search(params, build_filters(params))


def test_defaults_fill_missing_parameters():
    params = parse_query("/search?q=linen")
    assert params.todict() == {"sort": "relevance", "page": "1", "per_page": "24", "q": "linen"}
    assert parse_query("/search?page=2")["page"] == "2"


def test_text_and_price_range():
    assert run("/search?q=WOOL&price_max=90") == {"total": 1, "skus": ["T-03"]}
    with pytest.raises(ValueError, match="price_min must be a number, got 'cheap'"):
        build_filters(parse_query("/search?price_min=cheap"))


def test_single_colour():
    assert run("/search?colour=blue&sort=price") == {"total": 2, "skus": ["T-06", "T-01"]}
    assert run("/search?colour=green") == {"total": 1, "skus": ["T-04"]}
    assert run("/search?colour=purple") == {"total": 0, "skus": []}


def test_paging():
    assert run("/search?per_page=4&page=2") == {"total": 6, "skus": ["T-05", "T-06"]}
    with pytest.raises(ValueError, match="per_page must be 1..96"):
        run("/search?per_page=500")


def test_several_colours():
    assert run("/search?colour=red&colour=blue") == {"total": 4, "skus": ["T-01", "T-02", "T-03", "T-06"]}


def test_several_sizes_and_a_brand():
    filters = build_filters(parse_query("/search?size=XS&size=M&brand=Nord&brand=Fjell"))
    # The chosen values, in the order given, whatever sequence type holds them.
    chosen = {f.field: list(f.value) for f in filters if f.op == "in"}
    assert chosen == {"size": ["XS", "M"], "brand": ["Nord", "Fjell"]}
    assert run("/search?size=XS&size=M&brand=Nord&brand=Fjell") == {"total": 2, "skus": ["T-01", "T-03"]}


def test_canonical_urls_keep_repeated_keys():
    params = parse_query("/search?size=M&colour=red&page=1&colour=blue")
    assert canonical_url(params) == "/search?colour=red&colour=blue&size=M"
    assert canonical_url(parse_query("/search")) == "/search"


def test_facets_without_filters():
    counts = facet_counts([])
    assert counts["brand"] == {"Fjell": 2, "Kyst": 2, "Nord": 2}
    assert sum(counts["colour"].values()) == 6


def test_facets_ignore_their_own_filter():
    params = parse_query("/search?brand=Nord&brand=Kyst&colour=blue")
    counts = facet_counts(build_filters(params))
    assert counts["colour"] == {"blue": 2, "red": 1, "yellow": 1}
    assert counts["brand"] == {"Kyst": 1, "Nord": 1}
    assert counts["size"] == {"M": 1, "XL": 1}


def test_breadcrumbs_link_to_the_search_without_the_facet():
    params = parse_query("/search?q=shirt&colour=red&colour=blue&size=S")
    assert breadcrumbs(params) == [("Colour: red, blue", "/search?q=shirt&size=S"),
                                   ("Size: S", "/search?colour=red&colour=blue&q=shirt")]
    assert breadcrumbs(parse_query("/search?q=shirt")) == []


def test_colour_within_a_price_range_sorted_by_price():
    assert run("/search?colour=red&price_min=40&price_max=100&sort=price") == {
        "total": 2, "skus": ["T-02", "T-03"]}
    assert run("/search?q=jacket&colour=yellow") == {"total": 1, "skus": ["T-05"]}
