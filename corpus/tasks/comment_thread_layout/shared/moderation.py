"""Moderation and notifications on a comment tree."""

from layout import count


def find(comments, comment_id):
    for comment in comments:
        if comment.comment_id == comment_id:
            return comment
        found = find(comment.replies, comment_id)
        if found is not None:
            return found
    return None


def remove(comments, comment_id):
    """Take a comment and its replies off the page; returns how many comments went."""
    for comment in list(comments):
        if comment.comment_id == comment_id:
            comments.remove(comment)
            return 1 + count(comment.replies)
        gone = remove(comment.replies, comment_id)
        if gone:
            return gone
    return 0


def ancestors(comments, comment_id, chain=()):
    """The comments above ``comment_id``, top first."""
    for comment in comments:
        if comment.comment_id == comment_id:
            return list(chain)
        found = ancestors(comment.replies, comment_id, chain + (comment,))
        if found is not None:
            return found
    return None


def notify_on_reply(comments, comment_id):
    """Authors further up the thread who get an e-mail about a new reply (not the replier)."""
    replier = find(comments, comment_id).author
    above = ancestors(comments, comment_id) or []
    return sorted({c.author for c in above} - {replier})
