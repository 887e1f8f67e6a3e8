"""Which lines of the new file a change touched, from a zero-context diff (for review comments)."""

from patcher import parse_hunks


def changed_lines(diff_text):
    """New-file line numbers added or rewritten, and the new-file line numbers after which lines
    were only deleted (reported as 'deleted_after', 0 for the top of the file)."""
    added, deleted_after = set(), set()
    for old_start, old_len, new_start, new_len, _ in parse_hunks(diff_text):
        if new_len:
            added.update(range(new_start, new_start + new_len))
        else:
            deleted_after.add(new_start)
    return sorted(added), sorted(deleted_after)
