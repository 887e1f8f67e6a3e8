"""Clean rule files before parsing: drop comments, join continued lines, skip blanks."""


def strip_comment(line):
    head, _, _ = line.partition("#")
    return head.rstrip()


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
