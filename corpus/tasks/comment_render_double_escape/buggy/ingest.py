"""Accept a comment from the form: trim it, cap its length, strip control characters."""

import html
import re
from dataclasses import dataclass

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
MAX_LENGTH = 500


class CommentError(ValueError):
    pass


@dataclass(frozen=True)
class Comment:
    author: str
    text: str


def accept(author, text):
    text = CONTROL.sub("", text).strip()
    if not text:
        raise CommentError("a comment cannot be empty")
    if len(text) > MAX_LENGTH:
        raise CommentError(f"comments are limited to {MAX_LENGTH} characters, got {len(text)}")
    return Comment(author.strip(), html.escape(text, quote=False))
