"""Bounding and framing debugger answers (DESIGN.md, "Observation")."""

from __future__ import annotations

import hashlib
import re

OBSERVATION_CAP = 4096  # bytes of one debugger answer's body
# The harness's own cut marks (the bounded program output, a long value) inside a body cut again.
_MARK = re.compile(r"\n?<OUTPUT_TRUNCATED remaining_bytes=(\d+) sha1=[0-9a-f]*>\n?")


def truncate(text: str, limit: int = OBSERVATION_CAP) -> str:
    """At most ``limit`` bytes of ``text``: its first quarter and its last three quarters (pdb's own
    answer comes last, after whatever the program printed), the cut marked with how much is missing and
    the whole text's hash. One mark per answer: cuts made earlier (the program's bounded output, a long
    value) are counted into it, so it says everything that was dropped."""
    data = text.encode("utf-8", "replace")
    marks = list(_MARK.finditer(text))
    if len(data) <= limit and len(marks) <= 1:
        return text
    earlier = sum(int(match[1]) for match in marks)
    if marks:  # counted into the one mark this answer gets
        text = _MARK.sub("", text)
        data = text.encode("utf-8", "replace")
        if len(data) <= limit:
            return f"{text.rstrip()}\n<OUTPUT_TRUNCATED remaining_bytes={earlier} sha1={hashlib.sha1(data).hexdigest()[:12]}>"
    digest = hashlib.sha1(data).hexdigest()[:12]
    head_size = limit // 4
    head = data[:head_size].decode("utf-8", "ignore")
    tail = data[len(data) - (limit - head_size):].decode("utf-8", "ignore")
    return f"{head}\n<OUTPUT_TRUNCATED remaining_bytes={len(data) - limit + earlier} sha1={digest}>\n{tail}"


def envelope(body: str, position: tuple[str, int] | None) -> str:
    """The normalized cursor around a debugger answer, so every answer says where the program is."""
    body = truncate(body)
    if position is None:
        return body
    file, line = position
    return f'<execution_position file="{file}" line={line}>\n{body}\n</execution_position>'
