"""Split comment text into segments: plain text, @mentions and links, rendered separately."""

import re

TOKEN = re.compile(r"(@[A-Za-z0-9_]+|https?://[^\s<>\"]+)")


def segments(text):
    out, pos = [], 0
    for match in TOKEN.finditer(text):
        if match.start() > pos:
            out.append(("text", text[pos:match.start()]))
        token = match.group()
        out.append(("mention", token[1:]) if token.startswith("@") else ("link", token))
        pos = match.end()
    if pos < len(text):
        out.append(("text", text[pos:]))
    return out
