"""Comment threads: flat records from the database become a tree of replies, oldest first."""

from dataclasses import dataclass, field


@dataclass
class Comment:
    comment_id: int
    author: str
    text: str
    posted: int
    replies: list = field(default_factory=list)


class ThreadError(ValueError):
    pass


def build_tree(records):
    """records: (id, parent_id or None, author, text, posted) -> the top-level comments."""
    by_id, roots = {}, []
    for comment_id, _, author, text, posted in records:
        if comment_id in by_id:
            raise ThreadError(f"comment {comment_id} appears twice")
        by_id[comment_id] = Comment(comment_id, author, text, posted)
    for comment_id, parent_id, *_ in records:
        if parent_id is None:
            roots.append(by_id[comment_id])
        elif parent_id not in by_id:
            raise ThreadError(f"comment {comment_id} replies to missing comment {parent_id}")
        else:
            by_id[parent_id].replies.append(by_id[comment_id])
    for comment in by_id.values():
        comment.replies.sort(key=lambda c: (c.posted, c.comment_id))
    return sorted(roots, key=lambda c: (c.posted, c.comment_id))
