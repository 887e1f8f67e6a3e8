"""Print jobs: what sits in the spooler's priority queue.

A PriorityQueue compares its entries, so every entry is a PrintJob ordered by (priority, sequence):
urgent jobs first, and jobs of equal priority in the order they were submitted.
"""

from dataclasses import dataclass, field

from documents import paginate

PRIORITIES = {"urgent": 0, "normal": 5, "bulk": 8, "last": 9}


@dataclass(order=True, frozen=True)
class PrintJob:
    order: tuple
    title: str = field(compare=False)
    pages: tuple = field(compare=False)
    copies: int = field(compare=False, default=1)

    @property
    def sheets(self):
        return len(self.pages) * self.copies


def prepare(document, priority, sequence, lines_per_page):
    if priority not in PRIORITIES:
        raise ValueError(f"unknown priority {priority!r}; use one of {', '.join(PRIORITIES)}")
    document.check()
    pages = paginate(document.text, lines_per_page)
    return PrintJob((PRIORITIES[priority], sequence), document.title, pages, document.copies)
