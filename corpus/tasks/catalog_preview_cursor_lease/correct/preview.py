"""The admin's 'preview export' screen: the first page now, more pages on 'load more'."""

import itertools
from contextlib import closing
from dataclasses import dataclass

from exporter import export_rows


@dataclass
class Page:
    token: str
    rows: list
    has_more: bool


class PreviewService:
    def __init__(self, store, leases):
        self.store, self.leases = store, leases
        self._cursors = {}
        self._next_token = 1

    def start(self, table, page_size=2):
        token = f"tok-{self._next_token}"
        self._next_token += 1
        self._cursors[token] = (table, None, page_size)
        return self.more(token)

    def more(self, token):
        if token not in self._cursors:
            raise KeyError(f"preview {token!r} has ended or never existed; start a new preview")
        table, after, page_size = self._cursors[token]
        # Each page is read under its own short lease; between pages only the last key is kept.
        with closing(export_rows(self.store, self.leases, table, holder=f"preview {token}", after=after)) as rows:
            chunk = list(itertools.islice(rows, page_size + 1))
        has_more = len(chunk) > page_size
        if has_more:
            self._cursors[token] = (table, chunk[page_size - 1]["sku"], page_size)
        else:
            del self._cursors[token]
        return Page(token, chunk[:page_size], has_more)

    def open_previews(self):
        return sorted(self._cursors)
