"""Clean rule files before parsing: drop comments, join continued lines, skip blanks."""


def strip_comment(line):
    in_text = escaped = False
    for i, ch in enumerate(line):
        if escaped:
            escaped = False
        elif ch == "\\":
            escaped = in_text
        elif ch == "\"":
            in_text = not in_text
        elif ch == "#" and not in_text:
            return line[:i].rstrip()
    return line.rstrip()


def join_continuations(lines):
    joined, pending = [], ""
    for line in lines:
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        joined.append(pending + line)
        pending = ""
    if pending:
        joined.append(pending.rstrip())
    return joined


def clean(text):
    lines = [strip_comment(line) for line in text.splitlines()]
    lines = join_continuations(lines)
    return "\n".join(line for line in lines if line.strip())
