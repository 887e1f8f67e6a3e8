"""Database ids taken from a URL or a query string, bounded to what the database can store.

A number too large for a 64-bit key is no row: the URL converter does not match it (a 404) and
``query_ids`` refuses it (a 404 too), so such a value never reaches the ORM (SQLite raised
OverflowError, a 500).
"""

from __future__ import annotations

import re

from django.http import Http404

MAX_ID = 2**63 - 1  # the largest BigAutoField / IntegerField value on PostgreSQL and SQLite
_DIGITS = re.compile(r"[0-9]{1,19}")  # ASCII digits only: str.isdigit() also takes "²"


def parse_id(raw: str) -> int | None:
    """The id a text names, or None when it is not a decimal number a key can hold."""
    if not _DIGITS.fullmatch(raw):
        return None
    value = int(raw)
    return value if value <= MAX_ID else None


def query_ids(values: list[str], *, what: str) -> list[int]:
    """Every value of a repeated query parameter as an id; one that is not an id is a 404."""
    ids = []
    for raw in values:
        value = parse_id(raw)
        if value is None:
            raise Http404(f"{raw[:40]!r} is not the id of any {what}")
        ids.append(value)
    return ids


class IdConverter:
    """``<id:name>`` in a URL pattern: a decimal key no larger than the database holds."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError(f"{value} is larger than any id")  # the pattern does not match: a 404
        return number

    def to_url(self, value: int) -> str:
        return str(value)
