"""Hint comments: which comments in buggy/ give the bug away, and which are fine."""

from __future__ import annotations

from validation.hints import find_hint_comments

SOURCE = '''\
import logging

log = logging.getLogger("debugger")  # the debugger's own logger
MESSAGE = "# wrong format is rejected"  # a string, not a comment


def merge(a, b):
    # Todo: support sets
    out = dict(a)  # BUG: copies only the top level
    out.update(b)  # the Bugfix for issue 12 was here
    return out
'''


def test_hint_words_in_comments_are_found_with_file_and_line():
    hints = find_hint_comments({"merge.py": SOURCE, "notes.txt": "# TODO"})

    assert [(h.file, h.line, h.word) for h in hints] == [("merge.py", 8, "Todo"), ("merge.py", 10, "Bugfix")]
    assert hints[0].describe().startswith("hint comment in buggy/merge.py:8 ('Todo'): '# Todo: support sets'")


def test_debugger_words_strings_and_bug_markers_are_not_hints():
    source = SOURCE.replace("    # Todo: support sets\n", "").replace("  # the Bugfix for issue 12 was here", "")

    assert find_hint_comments({"merge.py": source}) == []
