"""GET /feed?limit=N&cursor=...: one page of the activity feed and the cursor for the next one."""

from cursor import decode_cursor, encode_cursor


def get_feed(store, limit=20, cursor=None):
    if not 1 <= limit <= 100:
        raise ValueError(f"limit must be between 1 and 100, got {limit}")
    position = decode_cursor(cursor) if cursor else None
    items = store.page_after(position, limit + 1)
    has_more = len(items) > limit
    items = items[:limit]
    next_cursor = encode_cursor(items[-1].ts, items[-1].id) if has_more else None
    return {"items": [e.id for e in items], "next": next_cursor}


def read_all(store, limit):
    ids, cursor = [], None
    for _ in range(1000):
        page = get_feed(store, limit, cursor)
        ids += page["items"]
        cursor = page["next"]
        if cursor is None:
            return ids
    raise RuntimeError("feed did not end after 1000 pages")
