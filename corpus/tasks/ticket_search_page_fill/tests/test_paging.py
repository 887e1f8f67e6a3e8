import pytest
from access import Viewer
from client import export_count, iter_ticket_ids
from paging import decode_cursor, encode_cursor, list_tickets

ADMIN = Viewer("root", admin=True)
BILLING = Viewer("bea", frozenset({"billing"}))
SUPPORT_LEAD = Viewer("sam", frozenset({"support"}), can_see_confidential=True)


def test_admin_pages_through_everything(store):
    first = list_tickets(store, ADMIN, limit=10)
    assert first["items"] == list(range(1, 11))
    assert decode_cursor(first["next"]) == 10
    assert export_count(store, ADMIN, limit=10) == 42


def test_support_lead_sees_support_and_confidential_tickets(store):
    ids = list(iter_ticket_ids(store, SUPPORT_LEAD, limit=12))
    assert ids == list(range(6, 16)) + [17, 19, 21, 23, 25] + list(range(26, 31)) + [41, 42]


def test_billing_sees_only_billing_tickets(store):
    ids = list(iter_ticket_ids(store, BILLING, limit=5))
    assert ids == [1, 2, 3, 4, 5, 16, 18, 20, 22, 24] + list(range(31, 41))


def test_pages_are_full_when_enough_tickets_are_visible(store):
    page = list_tickets(store, SUPPORT_LEAD, limit=12)
    assert len(page["items"]) == 12
    assert page["items"][-1] == 19
    following = list_tickets(store, SUPPORT_LEAD, cursor=page["next"], limit=12)
    assert following["items"][0] == 21


def test_cursor_and_limit_errors(store):
    assert decode_cursor(encode_cursor(77)) == 77
    with pytest.raises(ValueError, match="start without a cursor"):
        list_tickets(store, ADMIN, cursor="bm9wZQ==")
    with pytest.raises(ValueError, match="between 1 and 100"):
        list_tickets(store, ADMIN, limit=0)
