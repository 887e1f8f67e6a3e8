"""Import roster rows exported from the HR spreadsheet, with row-numbered errors."""

import csv
import io

REQUIRED = ("name", "team", "status", "age")
STATUSES = ("active", "inactive", "leave")


class RosterImportError(ValueError):
    pass


def _flag(text, row, column):
    lowered = text.strip().lower()
    if lowered in ("yes", "true", "1"):
        return True
    if lowered in ("no", "false", "0", ""):
        return False
    raise RosterImportError(f"row {row}: {column} must be yes or no, got {text!r}")


def import_rows(text):
    reader = csv.DictReader(io.StringIO(text.strip()))
    missing = [c for c in REQUIRED if c not in (reader.fieldnames or [])]
    if missing:
        raise RosterImportError(f"header is missing {', '.join(missing)}")
    people, seen = [], set()
    for row_number, row in enumerate(reader, start=2):
        name = row["name"].strip()
        if name in seen:
            raise RosterImportError(f"row {row_number}: {name!r} appears twice")
        seen.add(name)
        status = row["status"].strip().lower()
        if status not in STATUSES:
            raise RosterImportError(f"row {row_number}: status must be one of {', '.join(STATUSES)}")
        try:
            age = int(row["age"])
        except ValueError:
            raise RosterImportError(f"row {row_number}: age must be a whole number, got {row['age']!r}") from None
        people.append({"name": name, "team": row["team"].strip(), "status": status, "age": age,
                       "remote": _flag(row.get("remote") or "", row_number, "remote")})
    return people
