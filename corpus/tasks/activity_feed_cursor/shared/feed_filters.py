"""Server-side filters for the feed: only some event kinds, or only events mentioning a user."""

import re

KINDS = ("comment", "like", "follow", "post")
MENTION = re.compile(r"@(\w+)")


class FilterError(ValueError):
    pass


def kind_of(event):
    first = event.text.split(" ", 1)[0]
    return first if first in KINDS else "post"


def only_kinds(events, kinds):
    unknown = sorted(set(kinds) - set(KINDS))
    if unknown:
        raise FilterError(f"unknown event kinds {unknown}; use any of {', '.join(KINDS)}")
    return [e for e in events if kind_of(e) in kinds]


def mentioning(events, user):
    return [e for e in events if user.lower() in (m.lower() for m in MENTION.findall(e.text))]


def unread_count(events, last_seen_id):
    return sum(1 for e in events if e.id > last_seen_id)
