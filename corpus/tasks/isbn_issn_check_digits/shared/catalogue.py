"""Merging supplier feeds into the library catalogue, keyed by ISBN-13."""

from dataclasses import dataclass, field

from identifiers import IdentifierError, is_valid_isbn10, is_valid_isbn13, isbn10_to_13, normalise


@dataclass
class Entry:
    isbn13: str
    title: str
    copies: int
    suppliers: list = field(default_factory=list)


@dataclass
class MergeReport:
    entries: dict
    rejected: list


def canonical_isbn(text):
    """The ISBN-13 for any valid ISBN-10 or ISBN-13 spelling; IdentifierError otherwise."""
    code = normalise(text)
    if len(code) == 10 and is_valid_isbn10(code):
        return isbn10_to_13(code)
    if len(code) == 13 and is_valid_isbn13(code):
        return code
    raise IdentifierError(f"{text!r} is not a valid ISBN-10 or ISBN-13")


def merge_feeds(feeds):
    """feeds: supplier -> list of {isbn, title, copies}. Copies add up across suppliers; the first
    title seen is kept; rows with a bad ISBN are listed as (supplier, row number, reason)."""
    entries, rejected = {}, []
    for supplier, rows in sorted(feeds.items()):
        for number, row in enumerate(rows, 1):
            try:
                key = canonical_isbn(row["isbn"])
            except IdentifierError as exc:
                rejected.append((supplier, number, str(exc)))
                continue
            entry = entries.setdefault(key, Entry(key, row["title"], 0))
            entry.copies += row["copies"]
            entry.suppliers.append(supplier)
    return MergeReport(entries, rejected)
