"""Bounding and framing debugger answers (DESIGN.md, "Observation")."""

from __future__ import annotations

import hashlib

OBSERVATION_CAP = 4096  # bytes of one debugger answer's body


def truncate(text: str, limit: int = OBSERVATION_CAP) -> str:
    """At most ``limit`` bytes of ``text``; a cut is marked with how much is missing and its hash."""
    data = text.encode("utf-8", "replace")
    if len(data) <= limit:
        return text
    digest = hashlib.sha1(data).hexdigest()[:12]
    head = data[:limit].decode("utf-8", "ignore")
    return f"{head}\n<OUTPUT_TRUNCATED remaining_bytes={len(data) - limit} sha1={digest}>"


def envelope(body: str, position: tuple[str, int] | None) -> str:
    """The normalized cursor around a debugger answer, so every answer says where the program is."""
    body = truncate(body)
    if position is None:
        return body
    file, line = position
    return f'<execution_position file="{file}" line={line}>\n{body}\n</execution_position>'
