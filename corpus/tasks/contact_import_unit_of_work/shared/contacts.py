"""Contact rows from a CSV upload: validated, normalised and staged in one unit of work."""

import re

from unit_of_work import UnitOfWork

EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.IGNORECASE)


class InvalidRow(ValueError):
    def __init__(self, line, reason):
        super().__init__(f"line {line}: {reason}")
        self.line = line


def normalise(line, row):
    email = (row.get("email") or "").strip().lower()
    if not EMAIL.match(email):
        raise InvalidRow(line, f"{row.get('email')!r} is not an email address")
    name = " ".join((row.get("name") or "").split())
    if not name:
        raise InvalidRow(line, "the name is empty")
    return f"c:{email}", {"name": name, "email": email, "tags": sorted(set(row.get("tags", "").split()))}


async def import_contacts(store, rows):
    """All rows or none: returns the number of contacts written."""
    async with UnitOfWork(store) as uow:
        for line, row in enumerate(rows, start=2):  # line 1 is the CSV header
            key, contact = normalise(line, row)
            uow.put(key, contact)
    return uow.written
