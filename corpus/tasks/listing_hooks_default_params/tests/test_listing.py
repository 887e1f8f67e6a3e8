import pytest
from hooks import ParamError
from listing import App


def test_first_page_with_defaults():
    assert App().get("/products") == {"page": 1, "names": ["assam", "darjeeling", "sencha", "matcha", "mocha"],
                                      "total": 12}


def test_query_selects_page_and_kind():
    result = App().get("/products", {"kind": "ware", "page": "2", "per_page": "3"})
    assert result == {"page": 2, "names": ["whisk", "scoop"], "total": 5}


def test_page_size_is_clamped():
    assert len(App().get("/products", {"per_page": "500"})["names"]) == 12


def test_bad_numbers_are_rejected():
    with pytest.raises(ParamError, match="page must be a positive whole number, got '0'"):
        App().get("/products", {"page": "0"})


def test_user_preference_applies_to_that_user():
    assert len(App().get("/products", user="ana")["names"]) == 3


def test_preference_does_not_leak_to_other_visitors():
    app = App()
    app.get("/products", user="ana")
    assert len(app.get("/products")["names"]) == 5
    assert len(app.get("/products", user="ben")["names"]) == 5


def test_sort_keys_are_parsed_and_checked():
    from sorting import SortError, parse_sort

    assert parse_sort("kind,-name", {"kind", "name", "id"}) == [("kind", False), ("name", True)]
    with pytest.raises(SortError, match="cannot sort by 'price'"):
        parse_sort("price", {"kind", "name"})


def test_multi_key_sort_and_facets():
    from catalog_data import PRODUCTS
    from sorting import apply_sort, facet_counts

    ordered = apply_sort(PRODUCTS, [("kind", False), ("name", True)])
    assert [p["name"] for p in ordered[:4]] == ["mocha", "kona", "java", "sencha"]
    assert facet_counts(PRODUCTS, "kind") == {"coffee": 3, "tea": 4, "ware": 5}
