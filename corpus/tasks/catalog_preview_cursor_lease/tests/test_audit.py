from audit import describe, lease_report
from jobs import run_full_export
from leases import LeaseRegistry
from preview import PreviewService
from store import CatalogStore

ROWS = [{"sku": f"A-{n}", "title": "t", "price": "1.00"} for n in range(4)]


def test_report_from_a_hand_written_history():
    history = [("acquire", "products", "nightly feed"), ("release", "products", "nightly feed"),
               ("acquire", "prices", "preview tok-3")]
    report = lease_report(history)
    assert report["prices"] == {"holders": {"preview tok-3": 1}, "still_open": "preview tok-3"}
    assert describe(report) == ["prices: preview tok-3 x1 (still held by preview tok-3)",
                                "products: nightly feed x1 (released)"]


def test_a_day_of_previews_and_exports_leaves_nothing_open():
    store, leases = CatalogStore({"products": ROWS}), LeaseRegistry()
    previews = PreviewService(store, leases)
    page = previews.start("products", page_size=3)
    run_full_export(store, leases, "products")
    previews.more(page.token)
    report = lease_report(leases.history)
    assert report["products"]["still_open"] is None
    assert report["products"]["holders"]["nightly feed"] == 1
