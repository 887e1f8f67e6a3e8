"""GET /tickets: pages of the tickets a viewer may see, with an opaque 'next' cursor."""

import base64

from access import can_see


def encode_cursor(ticket_id):
    return base64.urlsafe_b64encode(f"t:{ticket_id}".encode()).decode()


def decode_cursor(token):
    try:
        kind, _, value = base64.urlsafe_b64decode(token.encode()).decode().partition(":")
        if kind != "t":
            raise ValueError(kind)
        return int(value)
    except ValueError:
        raise ValueError(f"cursor {token!r} was not issued by this API; start without a cursor") from None


def fill_page(store, viewer, after, limit):
    """Up to ``limit`` visible tickets after ticket id ``after``, and the id to continue after
    (None when the table is exhausted)."""
    items, position = [], after
    while len(items) < limit:
        rows = store.scan(after=position, limit=limit)
        if not rows:
            return items, None
        for row in rows:
            # the cursor follows every row scanned, visible or not, so hidden runs are passed over
            position = row.id
            if can_see(viewer, row):
                items.append(row)
                if len(items) == limit:
                    break
    return items, position


def list_tickets(store, viewer, cursor=None, limit=20):
    if not 1 <= limit <= 100:
        raise ValueError(f"limit must be between 1 and 100, got {limit}")
    after = decode_cursor(cursor) if cursor else None
    items, position = fill_page(store, viewer, after, limit)
    return {"items": [t.id for t in items], "next": encode_cursor(position) if position is not None else None}
