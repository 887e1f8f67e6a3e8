"""The comment section as plain text (e-mail digest) and the page's 'continue' links."""

from layout import authors_by_depth, deepest, flatten, visible

INDENT = "  "


def digest(comments):
    return "\n".join(f"{INDENT * depth}{c.author}: {c.text}" for depth, c in flatten(comments))


def page(comments):
    lines = []
    for depth, comment, folded in visible(comments):
        line = f"{INDENT * depth}[{comment.comment_id}] {comment.author}: {comment.text}"
        if folded:
            line += f" (continue this thread: {folded} more)"
        lines.append(line)
    return lines


def stats(comments):
    levels = authors_by_depth(comments)
    return {"deepest": deepest(comments), "authors_per_level": {d: sorted(a) for d, a in sorted(levels.items())}}
