"""Sort options for listings: ?sort=name or ?sort=-id, validated against the allowed fields."""


class SortError(ValueError):
    pass


def parse_sort(text, allowed):
    """'kind,-name' -> [('kind', False), ('name', True)]"""
    if not text:
        return []
    keys = []
    for part in text.split(","):
        part = part.strip()
        descending = part.startswith("-")
        field = part.lstrip("-+")
        if field not in allowed:
            raise SortError(f"cannot sort by {field!r}; choose from {', '.join(sorted(allowed))}")
        keys.append((field, descending))
    return keys


def apply_sort(items, keys):
    ordered = list(items)
    for field, descending in reversed(keys):
        ordered.sort(key=lambda item, f=field: item[f], reverse=descending)
    return ordered


def facet_counts(items, field):
    counts = {}
    for item in items:
        counts[item[field]] = counts.get(item[field], 0) + 1
    return dict(sorted(counts.items()))
