"""Bounding and framing debugger answers (DESIGN.md, "Observation")."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass

OBSERVATION_CAP = 4096  # bytes of one debugger answer's body


@dataclass(frozen=True)
class Cut:
    """A cut the harness made in a text before the answer was bounded (the program's bounded output, a
    long value): how many bytes it dropped and their hash. The mark is written from it; the count is
    kept here, so the one mark an answer gets adds it up without reading any mark back."""

    dropped_bytes: int
    sha1: str

    @property
    def mark(self) -> str:
        return f"<OUTPUT_TRUNCATED remaining_bytes={self.dropped_bytes} sha1={self.sha1}>"


def _without(text: str, cut: Cut) -> str:
    """``text`` with ``cut``'s mark taken out, and the line breaks written around it."""
    mark = cut.mark
    for written in (f"\n{mark}\n", f"\n{mark}", f"{mark}\n", mark):
        text = text.replace(written, "")
    return text


def truncate(text: str, limit: int = OBSERVATION_CAP, cuts: Iterable[Cut] = ()) -> str:
    """At most ``limit`` bytes of ``text``: its first quarter and its last three quarters (pdb's own
    answer comes last, after whatever the program printed), the cut marked with how much is missing and
    the whole text's hash. One mark per answer: ``cuts`` made earlier whose marks ``text`` holds are
    counted into it, so it says everything that was dropped."""
    data = text.encode("utf-8", "replace")
    earlier = [cut for cut in dict.fromkeys(cuts) if cut.mark in text]
    if len(data) <= limit and len(earlier) <= 1:
        return text
    dropped = sum(cut.dropped_bytes for cut in earlier)
    if earlier:  # counted into the one mark this answer gets
        for cut in earlier:
            text = _without(text, cut)
        data = text.encode("utf-8", "replace")
        if len(data) <= limit:
            return f"{text.rstrip()}\n{Cut(dropped, hashlib.sha1(data).hexdigest()[:12]).mark}"
    head_size = limit // 4
    head = data[:head_size].decode("utf-8", "ignore")
    tail = data[len(data) - (limit - head_size):].decode("utf-8", "ignore")
    return f"{head}\n{Cut(len(data) - limit + dropped, hashlib.sha1(data).hexdigest()[:12]).mark}\n{tail}"


def envelope(body: str, position: tuple[str, int] | None, cuts: Iterable[Cut] = ()) -> str:
    """The normalized cursor around a debugger answer, so every answer says where the program is."""
    body = truncate(body, cuts=cuts)
    if position is None:
        return body
    file, line = position
    return f'<execution_position file="{file}" line={line}>\n{body}\n</execution_position>'
