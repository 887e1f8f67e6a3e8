"""Reader for a small Lisp: numbers, symbols, strings, lists, and 'x as (quote x)."""

import re

TOKEN = re.compile(r'\s*(?:(;[^\n]*)|("(?:[^"\\]|\\.)*")|([()\'])|([^\s()\';"]+))')


class ReadError(ValueError):
    pass


class Symbol(str):
    pass


def tokenize(source):
    tokens, pos = [], 0
    while pos < len(source):
        match = TOKEN.match(source, pos)
        if not match or match.end() == pos:
            if source[pos:].strip():
                raise ReadError(f"cannot read {source[pos:pos + 10]!r} at offset {pos}")
            break
        comment, string, punct, atom = match.groups()
        if string is not None:
            tokens.append(("str", bytes(string[1:-1], "utf-8").decode("unicode_escape")))
        elif punct is not None:
            tokens.append(("punct", punct))
        elif atom is not None:
            tokens.append(("atom", atom))
        pos = match.end()
    return tokens


def atom(text):
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            pass
    return Symbol(text)


def read_form(tokens, i):
    if i >= len(tokens):
        raise ReadError("unexpected end of input: a '(' is never closed")
    kind, value = tokens[i]
    if kind == "str":
        return value, i + 1
    if kind == "atom":
        return atom(value), i + 1
    if value == "'":
        quoted, i = read_form(tokens, i + 1)
        return [Symbol("quote"), quoted], i
    if value == ")":
        raise ReadError("unexpected ')'")
    items, i = [], i + 1
    while i < len(tokens) and tokens[i] != ("punct", ")"):
        item, i = read_form(tokens, i)
        items.append(item)
    if i >= len(tokens):
        raise ReadError("unexpected end of input: a '(' is never closed")
    return items, i + 1


def read_all(source):
    tokens, forms, i = tokenize(source), [], 0
    while i < len(tokens):
        form, i = read_form(tokens, i)
        forms.append(form)
    return forms
