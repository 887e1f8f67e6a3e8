"""Page arithmetic for list endpoints. Pages are numbered from 1."""

from dataclasses import dataclass


class PageError(ValueError):
    pass


@dataclass(frozen=True)
class Page:
    number: int
    size: int
    total_items: int
    items: list

    @property
    def total_pages(self):
        return max(1, -(-self.total_items // self.size))

    @property
    def has_next(self):
        return self.number < self.total_pages

    @property
    def has_previous(self):
        return self.number > 1


def paginate(items, number, size):
    if size < 1:
        raise PageError(f"page size must be at least 1, got {size}")
    if number < 1:
        raise PageError(f"page numbers start at 1, got {number}")
    total = len(items)
    start = (number - 1) * size
    if start >= total and number != 1:
        raise PageError(f"page {number} is past the end ({total} items, {size} per page)")
    return Page(number, size, total, items[start:start + size])
