import csv
import io

from clusters import cluster
from normalise import normalise_email, normalise_phone


def load(text):
    return [dict(row) for row in csv.DictReader(io.StringIO(text.strip()))]


def keys(contact):
    found = []
    phone = normalise_phone(contact.get("phone", ""))
    email = normalise_email(contact.get("email", ""))
    if phone:
        found.append(("phone", phone))
    if email:
        found.append(("email", email))
    return found


def merge(records):
    merged = {}
    for record in records:
        for field, value in record.items():
            value = value.strip()
            if value and not merged.get(field):
                merged[field] = value
    return merged


def dedupe(text):
    contacts = load(text)
    groups = cluster([keys(c) for c in contacts])
    return [merge([contacts[i] for i in group]) for group in groups]
