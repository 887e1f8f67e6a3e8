"""Books, copies and members of the branch library."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Book:
    isbn: str
    title: str
    daily_fine_cents: int = 20


@dataclass(frozen=True)
class Member:
    card: str
    name: str
    email: str


class Catalog:
    def __init__(self):
        self._books = {}
        self._copies = {}
        self._members = {}

    def add_book(self, isbn, title, daily_fine_cents=20):
        self._books[isbn] = Book(isbn, title, daily_fine_cents)

    def add_copy(self, copy_id, isbn):
        if isbn not in self._books:
            raise KeyError(f"copy {copy_id}: no book with ISBN {isbn!r} in the catalog")
        self._copies[copy_id] = isbn

    def add_member(self, card, name, email):
        self._members[card] = Member(card, name, email)

    def book_of(self, copy_id):
        try:
            return self._books[self._copies[copy_id]]
        except KeyError:
            raise KeyError(f"unknown copy {copy_id!r}") from None

    def member(self, card):
        try:
            return self._members[card]
        except KeyError:
            raise KeyError(f"unknown library card {card!r}") from None
