"""Documents as the office apps hand them to the spooler, and how they are cut into pages."""

from dataclasses import dataclass


class DocumentError(ValueError):
    pass


@dataclass(frozen=True)
class Document:
    title: str
    text: str
    copies: int = 1

    def check(self):
        if not 1 <= self.copies <= 50:
            raise DocumentError(f"{self.title!r}: copies must be between 1 and 50, got {self.copies}")
        if "\f" in self.title:
            raise DocumentError(f"{self.title!r}: a title cannot hold a form feed")


def paginate(text, lines_per_page):
    """Split text into pages: a form feed always starts a new page, long runs of lines are cut."""
    if lines_per_page < 1:
        raise DocumentError("lines_per_page must be at least 1")
    pages = []
    for chunk in text.split("\f"):
        lines = chunk.splitlines()
        if not lines:
            continue
        for start in range(0, len(lines), lines_per_page):
            pages.append("\n".join(lines[start:start + lines_per_page]))
    return tuple(pages)
