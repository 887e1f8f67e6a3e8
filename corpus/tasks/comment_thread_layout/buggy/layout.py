"""Where each comment goes on the page: its indentation level, and which deep replies are folded
behind a 'continue this thread' link."""

MAX_DEPTH = 3


def flatten(comments, depth=0):
    """(depth, comment) in reading order."""
    rows = []
    for comment in comments:
        rows.append((depth, comment))
        if comment.replies:
            depth += 1
            rows.extend(flatten(comment.replies, depth))
    return rows


def visible(comments, depth=0, max_depth=MAX_DEPTH):
    """Rows to show: (depth, comment, folded) where folded counts replies hidden below it."""
    rows = []
    for comment in comments:
        if depth + 1 >= max_depth and comment.replies:
            rows.append((depth, comment, count(comment.replies)))
            continue
        rows.append((depth, comment, 0))
        if comment.replies:
            depth += 1
            rows.extend(visible(comment.replies, depth, max_depth))
    return rows


def count(comments):
    return sum(1 + count(c.replies) for c in comments)


def deepest(comments, depth=0):
    best = depth if comments else -1
    for comment in comments:
        if comment.replies:
            depth += 1
            best = max(best, deepest(comment.replies, depth))
    return best


def authors_by_depth(comments, depth=0, found=None):
    """depth -> authors who commented at that level, for the moderation heat map."""
    found = {} if found is None else found
    for comment in comments:
        found.setdefault(depth, set()).add(comment.author)
        if comment.replies:
            depth += 1
            authors_by_depth(comment.replies, depth, found)
    return found
