"""What a debugged program prints during one exchange, kept within a bound whatever it prints.

A thread that prints without end would otherwise fill the service's memory (the sandbox's) while
the harness waits for pdb's prompt. ``BoundedOutput`` keeps the first ``head`` and the last ``tail``
characters and counts (and hashes) what it drops between them; ``text()`` marks the cut the way every
debugger answer does (``<OUTPUT_TRUNCATED remaining_bytes=N sha1=…>``) and ``cut()`` keeps its count for
the answer's one mark (``filtering.truncate``). Standard library only.
"""

from __future__ import annotations

import hashlib
from collections import deque

from harness.debugger.filtering import Cut

HEAD_CHARS = 8 * 1024
TAIL_CHARS = 24 * 1024  # pdb's own answer comes last, right before its prompt: the tail keeps it


class BoundedOutput:
    def __init__(self, head: int = HEAD_CHARS, tail: int = TAIL_CHARS):
        self.head_limit, self.tail_limit = head, tail
        self._head: list[str] = []
        self._head_size = 0
        self._tail: deque[str] = deque()
        self._tail_size = 0
        self.dropped_bytes = 0
        self._dropped_hash = hashlib.sha1()

    def add(self, text: str) -> None:
        if not text:
            return
        if self._head_size < self.head_limit:
            taken = text[:self.head_limit - self._head_size]
            self._head.append(taken)
            self._head_size += len(taken)
            text = text[len(taken):]
            if not text:
                return
        self._tail.append(text)
        self._tail_size += len(text)
        while self._tail_size > self.tail_limit:
            first = self._tail[0]
            excess = self._tail_size - self.tail_limit
            if len(first) <= excess:
                self._tail.popleft()
                self._drop(first)
            else:
                self._tail[0] = first[excess:]
                self._drop(first[:excess])
                self._tail_size -= excess
                continue
            self._tail_size -= len(first)

    def _drop(self, text: str) -> None:
        data = text.encode("utf-8", "replace")
        self.dropped_bytes += len(data)
        self._dropped_hash.update(data)

    def cut(self) -> Cut | None:
        """What was dropped between the head and the tail; None when nothing was."""
        return Cut(self.dropped_bytes, self._dropped_hash.hexdigest()[:12]) if self.dropped_bytes else None

    def text(self) -> str:
        cut = self.cut()
        middle = f"\n{cut.mark}\n" if cut is not None else ""
        return "".join(self._head) + middle + "".join(self._tail)
