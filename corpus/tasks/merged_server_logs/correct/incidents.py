"""Find what happened around a failure in the merged timeline."""


def first_error(records):
    return next((r for r in records if r.level == "ERROR"), None)


def context_before(records, target, count=2):
    """The `count` records that precede `target` in the merged timeline."""
    index = records.index(target)
    return records[max(0, index - count):index]
