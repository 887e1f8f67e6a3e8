"""Bounding and framing debugger answers (DESIGN.md, "Observation")."""

from __future__ import annotations

import hashlib

OBSERVATION_CAP = 4096  # bytes of one debugger answer's body


def truncate(text: str, limit: int = OBSERVATION_CAP) -> str:
    """At most ``limit`` bytes of ``text``: its first quarter and its last three quarters (pdb's own
    answer comes last, after whatever the program printed), the cut marked with how much is missing and
    the whole text's hash."""
    data = text.encode("utf-8", "replace")
    if len(data) <= limit:
        return text
    digest = hashlib.sha1(data).hexdigest()[:12]
    head_size = limit // 4
    head = data[:head_size].decode("utf-8", "ignore")
    tail = data[len(data) - (limit - head_size):].decode("utf-8", "ignore")
    return f"{head}\n<OUTPUT_TRUNCATED remaining_bytes={len(data) - limit} sha1={digest}>\n{tail}"


def envelope(body: str, position: tuple[str, int] | None) -> str:
    """The normalized cursor around a debugger answer, so every answer says where the program is."""
    body = truncate(body)
    if position is None:
        return body
    file, line = position
    return f'<execution_position file="{file}" line={line}>\n{body}\n</execution_position>'
