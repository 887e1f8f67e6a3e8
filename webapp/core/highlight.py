"""Server-side syntax highlighting (Pygments) of source files and unified diffs.

Pygments escapes everything it formats, so its output is safe to mark safe; nothing else here is.
Each distinct text is highlighted once per process (a replay shows the same file at many steps).
"""

from __future__ import annotations

import difflib
from functools import lru_cache

from django.utils.safestring import SafeString, mark_safe
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import DiffLexer, PythonLexer, TextLexer

_FORMATTER = HtmlFormatter(nowrap=True)


@lru_cache(maxsize=512)
def source_lines(text: str, path: str = "x.py") -> tuple[SafeString, ...]:
    """One highlighted HTML fragment per line of ``text`` (Pygments closes its spans at each line end)."""
    lexer = PythonLexer(stripnl=False, ensurenl=False) if path.endswith(".py") else TextLexer(stripnl=False)
    html = highlight(text, lexer, _FORMATTER)
    lines = html.split("\n")
    if text.endswith("\n") and lines and lines[-1] == "":
        lines.pop()
    return tuple(mark_safe(line) for line in lines)


@lru_cache(maxsize=512)
def source_html(text: str, path: str, cursor: int | None = None, breakpoints: frozenset[int] = frozenset()) -> SafeString:
    """A whole file as one block of lines, each ``<span class="srcline">`` with its number and, where
    they apply, the breakpoint (``bp``) and execution-position (``cursor``) marks. Built here rather
    than in a template: a replay shows files of hundreds of lines at every step."""
    out = []
    for number, html in enumerate(source_lines(text, path), start=1):
        classes = "srcline" + (" cursor" if number == cursor else "") + (" bp" if number in breakpoints else "")
        mark = ("●" if number in breakpoints else "") + ("▶" if number == cursor else "")
        label = " ".join(word for word, on in (("breakpoint", number in breakpoints),
                                                ("execution position", number == cursor)) if on)
        out.append(f'<span class="{classes}"><span class="ln" data-line="{number}"></span>'
                   f'<span class="mark"{f" aria-label={chr(34)}{label}{chr(34)}" if label else ""}>{mark}</span>'
                   f"{html}</span>")
    return mark_safe("".join(out))


@lru_cache(maxsize=512)
def diff_html(diff: str) -> SafeString:
    """A unified diff, coloured line by line."""
    return mark_safe(highlight(diff, DiffLexer(stripnl=False), _FORMATTER)) if diff else mark_safe("")


def unified_diff(before: str, after: str, path: str) -> str:
    lines = difflib.unified_diff(before.splitlines(keepends=True), after.splitlines(keepends=True),
                                 f"a/{path}", f"b/{path}")
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def stylesheet() -> str:
    """The CSS classes the highlighted HTML uses (served once as a static-like response)."""
    return HtmlFormatter(style="default").get_style_defs(".hl")
