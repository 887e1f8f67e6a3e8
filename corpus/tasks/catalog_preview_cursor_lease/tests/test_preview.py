import pytest
from jobs import run_full_export
from leases import LeaseRegistry
from preview import PreviewService
from store import CatalogStore, UnknownTable

ROWS = [{"sku": f"SKU-{n:02d}", "title": f"Item {n}", "price": f"{n}.50"} for n in range(1, 6)]


def make_setup():
    leases = LeaseRegistry()
    return CatalogStore({"products": ROWS}), leases, PreviewService(CatalogStore({"products": ROWS}), leases)


def test_paging_through_a_preview():
    _, _, previews = make_setup()
    first = previews.start("products", page_size=2)
    assert [r["sku"] for r in first.rows] == ["SKU-01", "SKU-02"] and first.has_more
    second = previews.more(first.token)
    assert [r["sku"] for r in second.rows] == ["SKU-03", "SKU-04"] and second.has_more
    last = previews.more(first.token)
    assert ([r["sku"] for r in last.rows], last.has_more) == (["SKU-05"], False)
    with pytest.raises(KeyError, match="start a new preview"):
        previews.more(first.token)


def test_nightly_export_prices():
    store, leases, _ = make_setup()
    feed = run_full_export(store, leases, "products")
    assert [f["price_gross"] for f in feed] == ["1.80", "3.00", "4.20", "5.40", "6.60"]
    assert leases.holder("products") is None


def test_nightly_export_after_a_finished_preview():
    store, leases, previews = make_setup()
    page = previews.start("products", page_size=10)
    assert not page.has_more
    assert len(run_full_export(store, leases, "products")) == 5


def test_nightly_export_while_an_admin_is_previewing():
    store, leases, previews = make_setup()
    previews.start("products", page_size=2)
    assert len(run_full_export(store, leases, "products")) == 5
    assert previews.open_previews() == ["tok-1"]


def test_two_admins_preview_the_same_table():
    _, _, previews = make_setup()
    a = previews.start("products", page_size=2)
    b = previews.start("products", page_size=3)
    assert [r["sku"] for r in previews.more(a.token).rows] == ["SKU-03", "SKU-04"]
    assert [r["sku"] for r in b.rows] == ["SKU-01", "SKU-02", "SKU-03"]


def test_unknown_table_releases_the_lease():
    _, leases, previews = make_setup()
    with pytest.raises(UnknownTable, match="known tables: products"):
        previews.start("prices")
    assert leases.holder("prices") is None
    assert leases.history == [("acquire", "prices", "preview tok-1"), ("release", "prices", "preview tok-1")]
