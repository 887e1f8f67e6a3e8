"""The house lint rules. Each finds problems in the original text and proposes a Fix: replace
source[start:end] (which reads ``original``) with ``replacement``."""

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Fix:
    rule: str
    start: int
    end: int
    original: str
    replacement: str


def _line_starts(text):
    starts, offset = [], 0
    for line in text.splitlines(keepends=True):
        starts.append((offset, line.rstrip("\r\n")))
        offset += len(line)
    return starts


def no_tabs(text):
    fixes = []
    for start, line in _line_starts(text):
        indent = len(line) - len(line.lstrip("\t"))
        if indent:
            fixes.append(Fix("no-tabs", start, start + indent, "\t" * indent, "    " * indent))
    return fixes


def trailing_space(text):
    fixes = []
    for start, line in _line_starts(text):
        stripped = line.rstrip(" \t")
        if len(stripped) != len(line):
            fixes.append(Fix("trailing-space", start + len(stripped), start + len(line), line[len(stripped):], ""))
    return fixes


NONE_COMPARE = re.compile(r"(==|!=) None\b")


def none_compare(text):
    return [Fix("none-compare", m.start(), m.end(), m.group(0), "is None" if m[1] == "==" else "is not None")
            for m in NONE_COMPARE.finditer(text)]


SINGLE_QUOTED = re.compile(r"'([^'\"\\\n]*)'")


def double_quotes(text):
    return [Fix("double-quotes", m.start(), m.end(), m.group(0), f'"{m[1]}"') for m in SINGLE_QUOTED.finditer(text)]


RULES = (no_tabs, trailing_space, none_compare, double_quotes)


def lint(text, rules=RULES):
    return [fix for rule in rules for fix in rule(text)]
