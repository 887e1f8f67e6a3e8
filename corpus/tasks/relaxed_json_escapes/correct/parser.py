"""Recursive-descent parser for relaxed JSON: comments, bare keys, trailing commas."""

import re

from scanner import Scanner

NUMBER = re.compile(r"-?\d+(\.\d+)?([eE][-+]?\d+)?")
BARE_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_\-]*")
ESCAPES = {'"': '"', "\\": "\\", "/": "/", "n": "\n", "t": "\t", "r": "\r"}
LITERALS = {"true": True, "false": False, "null": None}


def parse_string(scanner):
    start = scanner.pos
    scanner.take('"')
    chars, i = [], start + 1
    text = scanner.text
    while i < len(text) and text[i] != '"':
        if text[i] == "\\":
            code = text[i + 1:i + 2]
            if code not in ESCAPES:
                raise scanner.error(f"unknown escape '\\{code}'")
            chars.append(ESCAPES[code])
            i += 2
        else:
            chars.append(text[i])
            i += 1
    if i >= len(text):
        scanner.pos = start
        raise scanner.error("unterminated string")
    value = "".join(chars)
    scanner.pos = i + 1
    return value


def parse_key(scanner):
    if scanner.peek() == '"':
        return parse_string(scanner)
    match = BARE_KEY.match(scanner.text, scanner.pos)
    if not match:
        raise scanner.error("expected a key")
    scanner.pos = match.end()
    return match.group()


def parse_object(scanner):
    scanner.take("{")
    result = {}
    while scanner.peek() != "}":
        key = parse_key(scanner)
        if key in result:
            raise scanner.error(f"duplicate key {key!r}")
        scanner.take(":")
        result[key] = parse_value(scanner)
        if scanner.peek() != ",":
            break
        scanner.take(",")
    scanner.take("}")
    return result


def parse_array(scanner):
    scanner.take("[")
    items = []
    while scanner.peek() != "]":
        items.append(parse_value(scanner))
        if scanner.peek() != ",":
            break
        scanner.take(",")
    scanner.take("]")
    return items


def parse_value(scanner):
    ch = scanner.peek()
    if ch == "{":
        return parse_object(scanner)
    if ch == "[":
        return parse_array(scanner)
    if ch == '"':
        return parse_string(scanner)
    match = NUMBER.match(scanner.text, scanner.pos)
    if match:
        scanner.pos = match.end()
        return float(match.group()) if match.group(1) or match.group(2) else int(match.group())
    for word, value in LITERALS.items():
        if scanner.text.startswith(word, scanner.pos):
            scanner.pos += len(word)
            return value
    raise scanner.error(f"unexpected {ch!r}" if ch else "unexpected end of input")


def loads(text):
    scanner = Scanner(text)
    value = parse_value(scanner)
    if scanner.peek():
        raise scanner.error(f"unexpected {scanner.peek()!r} after the document")
    return value
