"""Show selected lines of a log file with their line numbers, "..." between gaps."""

from ranges import parse_spec


def excerpt(text, spec):
    lines = text.splitlines()
    out = []
    for start, end in parse_spec(spec, len(lines)):
        if out:
            out.append("...")
        for offset, line in enumerate(lines[start - 1:end - 1]):
            out.append(f"{start + offset:>4}: {line}")
    return "\n".join(out)
