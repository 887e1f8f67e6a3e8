"""Staff records arrive as JSON from HR and as CSV exports from the old payroll tool."""

import csv
import io
import json

NUMERIC = ("age", "salary")


class LoadError(ValueError):
    pass


def from_json(text):
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LoadError(f"HR feed is not JSON: {exc.msg} (line {exc.lineno})") from None
    return [dict(person) for person in data["people"]]


def _number(value, column, row):
    try:
        return int(value)
    except ValueError:
        try:
            return float(value)
        except ValueError:
            raise LoadError(f"CSV row {row}: {column} must be a number, got {value!r}") from None


def from_csv(text):
    people = []
    reader = csv.DictReader(io.StringIO(text.strip()))
    for row_number, row in enumerate(reader, start=2):
        person = {}
        for column, value in row.items():
            key = column.strip().lower()
            value = (value or "").strip()
            person[key] = _number(value, key, row_number) if column in NUMERIC else value
        people.append(person)
    return people
