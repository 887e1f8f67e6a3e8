import pytest
from listing import list_products
from paging import PageError, paginate


def test_first_page():
    page = list_products(page=1, size=10)
    assert page["skus"][0] == "P001" and len(page["skus"]) == 10
    assert page["previous"] is None and page["next"] == 2


def test_walking_next_links_reaches_every_product():
    seen, number = [], 1
    while number is not None:
        page = list_products(page=number, size=10)
        seen += page["skus"]
        number = page["next"]
    assert len(seen) == 23
    assert page["pages"] == 3


def test_filtered_listing_counts_pages_of_what_is_left():
    page = list_products(page=1, size=5, in_stock_only=True)
    assert page["pages"] == 4


def test_exact_multiple_has_no_empty_last_page():
    page = paginate(list(range(20)), 2, 10)
    assert page.total_pages == 2 and not page.has_next


def test_empty_list_has_one_empty_page():
    page = paginate([], 1, 10)
    assert (page.total_pages, page.items) == (1, [])


def test_bad_requests_are_named():
    with pytest.raises(PageError, match="page 4 is past the end"):
        paginate(list(range(23)), 4, 10)
    with pytest.raises(PageError, match="page size must be at least 1"):
        paginate([], 1, 0)
