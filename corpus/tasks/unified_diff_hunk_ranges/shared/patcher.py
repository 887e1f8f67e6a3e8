"""Applying a unified diff to the old text, checking every context and removed line."""

import re

HEADER = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


class PatchError(ValueError):
    pass


def parse_hunks(diff_text):
    """[(old_start, old_len, new_start, new_len, body_lines)] from a unified diff."""
    hunks, current = [], None
    for line in diff_text.splitlines(keepends=True):
        if line.startswith(("--- ", "+++ ")) and current is None:
            continue
        match = HEADER.match(line)
        if match:
            old_start, old_len, new_start, new_len = match.groups()
            current = (int(old_start), int(old_len or 1), int(new_start), int(new_len or 1), [])
            hunks.append(current)
        elif current is not None and line[:1] in (" ", "-", "+"):
            current[4].append(line)
        else:
            raise PatchError(f"unexpected line in diff: {line!r}")
    return hunks


def apply_patch(old_text, diff_text):
    old = old_text.splitlines(keepends=True)
    out, position = [], 0
    for old_start, old_len, _, _, body in parse_hunks(diff_text):
        index = old_start - 1 if old_len else old_start   # an empty range names the line before
        if index < position:
            raise PatchError(f"hunk at old line {old_start} overlaps the previous one")
        out += old[position:index]
        position = index
        for line in body:
            kind, text = line[0], line[1:]
            if kind in " -":
                if position >= len(old) or old[position] != text:
                    raise PatchError(f"context mismatch at old line {position + 1}: expected {text!r}")
                position += 1
            if kind in " +":
                out.append(text)
    return "".join(out + old[position:])
