from access import Viewer, can_see
from export import export_csv, rows_of
from store import Ticket, TicketStore


def test_visibility_rules():
    secret = Ticket(1, "support", "x", confidential=True)
    assert not can_see(Viewer("a", frozenset({"support"})), secret)
    assert can_see(Viewer("b", frozenset({"support"}), can_see_confidential=True), secret)
    assert not can_see(Viewer("c", frozenset({"billing"}), can_see_confidential=True), secret)
    assert can_see(Viewer("d", admin=True), secret)


def test_scan_returns_rows_after_the_cursor():
    store = TicketStore([Ticket(i, "support", "t") for i in (3, 1, 9, 4)])
    assert [t.id for t in store.scan(None, 2)] == [1, 3]
    assert [t.id for t in store.scan(3, 10)] == [4, 9]
    assert store.scan(9, 10) == [] and store.queries == 3


def test_export_for_the_support_lead(store):
    by_id = {t.id: t for t in store.scan(None, 100)}
    rows = rows_of(export_csv(store, Viewer("sam", frozenset({"support"}), can_see_confidential=True), by_id, 12))
    assert rows[0] == ["id", "team", "title", "confidential"]
    assert rows[1] == ["6", "support", "ticket 6", "no"]
    assert rows[-1] == ["total", "22", "support=22", ""]
    assert sum(1 for row in rows if row[3] == "yes") == 5
