"""Editor commands built from buffer edits; each is one undoable group."""


def replace_all(buffer, old, new):
    """Replace every occurrence of `old`, left to right; returns how many were replaced."""
    if not old:
        raise ValueError("nothing to search for")
    count, start = 0, 0
    buffer.begin()
    try:
        while (pos := buffer.text.find(old, start)) != -1:
            buffer.delete(pos, len(old))
            buffer.insert(pos, new)
            start = pos + len(new)
            count += 1
    finally:
        buffer.commit()
    return count


def wrap_line(buffer, line_no, prefix, suffix):
    lines = buffer.text.split("\n")
    if not 0 <= line_no < len(lines):
        raise ValueError(f"no line {line_no}; the text has {len(lines)} lines")
    start = sum(len(line) + 1 for line in lines[:line_no])
    buffer.begin()
    buffer.insert(start, prefix)
    buffer.insert(start + len(prefix) + len(lines[line_no]), suffix)
    buffer.commit()
