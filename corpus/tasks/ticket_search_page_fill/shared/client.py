"""The export tool's client: walks every page of GET /tickets."""

from paging import list_tickets


def iter_ticket_ids(store, viewer, limit=20):
    cursor = None
    while True:
        page = list_tickets(store, viewer, cursor, limit)
        yield from page["items"]
        cursor = page["next"]
        if cursor is None:
            return


def export_count(store, viewer, limit=20):
    return sum(1 for _ in iter_ticket_ids(store, viewer, limit))
