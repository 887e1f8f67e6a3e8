"""Serialises state to text so a process can hand it to its replacement across a restart."""

import json

FORMAT = "sessions/2"


def dump(records):
    return json.dumps({"format": FORMAT, "records": records}, sort_keys=True)


def parse(text):
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"snapshot is not valid JSON: {exc}") from None
    if document.get("format") != FORMAT:
        raise ValueError(f"snapshot format {document.get('format')!r} is not {FORMAT!r}")
    return document["records"]
