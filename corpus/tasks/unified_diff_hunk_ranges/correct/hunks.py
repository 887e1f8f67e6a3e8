"""Unified diffs ('diff -u'): opcodes grouped into hunks with context, and the '@@' headers."""

from textdiff import opcodes


def group_hunks(codes, context=3):
    """Hunks of opcodes: at most ``context`` unchanged lines around each change, and changes
    separated by no more than 2 * context unchanged lines stay in one hunk."""
    codes = list(codes)
    if not codes or (len(codes) == 1 and codes[0][0] == "equal"):
        return []
    tag, i1, i2, j1, j2 = codes[0]
    if tag == "equal":
        codes[0] = (tag, max(i1, i2 - context), i2, max(j1, j2 - context), j2)
    tag, i1, i2, j1, j2 = codes[-1]
    if tag == "equal":
        codes[-1] = (tag, i1, min(i2, i1 + context), j1, min(j2, j1 + context))
    hunks, current = [], []
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal" and current and i2 - i1 > 2 * context:
            current.append((tag, i1, i1 + context, j1, j1 + context))
            hunks.append(current)
            current = [(tag, i2 - context, i2, j2 - context, j2)] if context else []
            continue
        current.append((tag, i1, i2, j1, j2))
    if current:
        hunks.append(current)
    return hunks


def hunk_header(hunk):
    old_start, old_len = hunk[0][1], hunk[-1][2] - hunk[0][1]
    new_start, new_len = hunk[0][3], hunk[-1][4] - hunk[0][3]
    return f"@@ -{_range(old_start, old_len)} +{_range(new_start, new_len)} @@"


def _range(start, length):
    """'start,length' with a 1-based start; an empty range names the line before it."""
    beginning = start + 1
    if length == 1:
        return f"{beginning}"
    if not length:
        beginning -= 1
    return f"{beginning},{length}"


def unified(old_text, new_text, old_name="a", new_name="b", context=3):
    old_lines, new_lines = old_text.splitlines(keepends=True), new_text.splitlines(keepends=True)
    hunks = group_hunks(opcodes(old_lines, new_lines), context)
    if not hunks:
        return ""
    out = [f"--- {old_name}\n", f"+++ {new_name}\n"]
    for hunk in hunks:
        out.append(hunk_header(hunk) + "\n")
        for tag, i1, i2, j1, j2 in hunk:
            if tag == "equal":
                out += [" " + line for line in old_lines[i1:i2]]
                continue
            out += ["-" + line for line in old_lines[i1:i2]]
            out += ["+" + line for line in new_lines[j1:j2]]
    return "".join(out)
