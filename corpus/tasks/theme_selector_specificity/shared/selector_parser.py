"""Parses the CSS selectors the theme engine supports:

  selector list   a, b
  combinators     descendant (space) and child (>)
  compounds       tag, *, #id, .class, :hover-style pseudo-classes,
                  and :is(...), :where(...), :not(...) taking a selector list"""

import re
from dataclasses import dataclass, field

IDENT = re.compile(r"-?[A-Za-z_][\w-]*")
FUNCTIONS = ("is", "where", "not")


class SelectorError(ValueError):
    pass


@dataclass
class Compound:
    tag: str = "*"
    ids: list = field(default_factory=list)
    classes: list = field(default_factory=list)
    pseudos: list = field(default_factory=list)
    functions: list = field(default_factory=list)  # (name, [Complex, ...])


@dataclass
class Complex:
    parts: list  # [Compound, combinator, Compound, ...] with combinators " " or ">"


def parse(text):
    selectors, pos = _selector_list(text, 0)
    if pos != len(text):
        raise SelectorError(f"unexpected {text[pos]!r} at {pos} in {text!r}")
    return selectors


def _skip(text, pos):
    while pos < len(text) and text[pos] == " ":
        pos += 1
    return pos


def _selector_list(text, pos):
    selectors = []
    while True:
        complex_, pos = _complex(text, _skip(text, pos))
        selectors.append(complex_)
        pos = _skip(text, pos)
        if pos < len(text) and text[pos] == ",":
            pos += 1
            continue
        return selectors, pos


def _complex(text, pos):
    compound, pos = _compound(text, pos)
    parts = [compound]
    while True:
        after = _skip(text, pos)
        if after < len(text) and text[after] == ">":
            combinator, pos = ">", _skip(text, after + 1)
        elif after > pos and after < len(text) and text[after] not in ",)":
            combinator, pos = " ", after
        else:
            return Complex(parts), pos
        compound, pos = _compound(text, pos)
        parts += [combinator, compound]


def _ident(text, pos):
    match = IDENT.match(text, pos)
    if not match:
        raise SelectorError(f"expected a name at {pos} in {text!r}")
    return match.group(0), match.end()


def _compound(text, pos):
    compound, start = Compound(), pos
    if pos < len(text) and text[pos] == "*":
        pos += 1
    elif IDENT.match(text, pos):
        compound.tag, pos = _ident(text, pos)
    while pos < len(text) and text[pos] in "#.:":
        marker = text[pos]
        name, pos = _ident(text, pos + 1)
        if marker == "#":
            compound.ids.append(name)
        elif marker == ".":
            compound.classes.append(name)
        elif pos < len(text) and text[pos] == "(":
            if name not in FUNCTIONS:
                raise SelectorError(f"unsupported pseudo-class function :{name}() in {text!r}")
            arguments, pos = _selector_list(text, pos + 1)
            if pos >= len(text) or text[pos] != ")":
                raise SelectorError(f"':{name}(' is never closed in {text!r}")
            compound.functions.append((name, arguments))
            pos += 1
        else:
            compound.pseudos.append(name)
    if pos == start:
        raise SelectorError(f"empty selector at {pos} in {text!r}")
    return compound, pos
