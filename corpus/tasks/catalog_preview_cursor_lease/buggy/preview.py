"""The admin's 'preview export' screen: the first page now, more pages on 'load more'."""

import itertools
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
        self._cursors[token] = (export_rows(self.store, self.leases, table, holder=f"preview {token}"), page_size, [])
        return self.more(token)

    def more(self, token):
        if token not in self._cursors:
            raise KeyError(f"preview {token!r} has ended or never existed; start a new preview")
        rows_iter, page_size, pending = self._cursors[token]
        chunk = pending + list(itertools.islice(rows_iter, page_size + 1 - len(pending)))
        has_more = len(chunk) > page_size
        if has_more:
            self._cursors[token] = (rows_iter, page_size, chunk[page_size:])
        else:
            del self._cursors[token]
        return Page(token, chunk[:page_size], has_more)

    def open_previews(self):
        return sorted(self._cursors)
