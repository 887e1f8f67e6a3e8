"""Parse indented outlines (task lists pasted from editors) into a tree.

Each item is a line starting with '- ' after its indentation. A tab counts as one indentation
step, like four spaces; a child is indented deeper than its parent."""

from dataclasses import dataclass, field

TAB_WIDTH = 4


class OutlineError(ValueError):
    pass


@dataclass
class Item:
    text: str
    children: list = field(default_factory=list)
    done: bool = False


def indentation(line):
    width = 0
    for ch in line:
        if ch == " ":
            width += 1
        elif ch == "\t":
            width += TAB_WIDTH
        else:
            break
    return width


def tokenize(text):
    entries = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        body = line.lstrip(" \t")
        if not body.startswith("- "):
            raise OutlineError(f"line {number}: items start with '- ', got {body[:20]!r}")
        text_ = body[2:].strip()
        done = text_.startswith("[x] ")
        if done or text_.startswith("[ ] "):
            text_ = text_[4:]
        entries.append((indentation(line), text_, done, number))
    return entries


def build(entries, start, depth):
    """Items at exactly ``depth`` from ``start`` on; returns (items, next index)."""
    items, i = [], start
    while i < len(entries):
        indent, text, done, number = entries[i]
        if indent < depth:
            break
        if indent > depth:
            if not items:
                raise OutlineError(f"line {number}: indented under nothing")
            children, i = build(entries, i, indent)
            items[-1].children.extend(children)
            continue
        items.append(Item(text, [], done))
        i += 1
    return items, i


def parse(text):
    entries = tokenize(text)
    if not entries:
        return []
    items, end = build(entries, 0, entries[0][0])
    if end != len(entries):
        raise OutlineError(f"line {entries[end][3]}: dedented past the first item")
    return items
