"""Which rules apply to an element, and the styles that win: higher specificity first, then the
rule that comes later in the stylesheet."""

import re
from dataclasses import dataclass, field

from selector_parser import Complex, parse
from specificity import specificity

RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")


@dataclass
class Element:
    tag: str
    id: str = ""
    classes: tuple = ()
    states: tuple = ()
    parent: "Element" = None
    children: list = field(default_factory=list)


def stylesheet(text):
    """[(selector text, complex selector, {property: value}, order)]."""
    rules = []
    for order, match in enumerate(RULE.finditer(text)):
        declarations = {}
        for item in match.group(2).split(";"):
            if item.strip():
                prop, _, value = item.partition(":")
                declarations[prop.strip()] = value.strip()
        for selector in parse(match.group(1).strip()):
            rules.append((match.group(1).strip(), selector, declarations, order))
    return rules


def compound_matches(compound, element):
    if compound.tag != "*" and compound.tag != element.tag:
        return False
    if any(i != element.id for i in compound.ids) or not set(compound.classes) <= set(element.classes):
        return False
    if not set(compound.pseudos) <= set(element.states):
        return False
    for name, arguments in compound.functions:
        hit = any(matches(argument, element) for argument in arguments)
        if hit == (name == "not"):
            return False
    return True


def matches(selector, element):
    parts = selector.parts
    if not compound_matches(parts[-1], element):
        return False
    if len(parts) == 1:
        return True
    rest = Complex(parts[:-2])
    if parts[-2] == ">":
        return element.parent is not None and matches(rest, element.parent)
    ancestor = element.parent
    while ancestor is not None:
        if matches(rest, ancestor):
            return True
        ancestor = ancestor.parent
    return False


def computed_style(rules, element):
    winners = {}
    for _text, selector, declarations, order in rules:
        if matches(selector, element):
            rank = (specificity(selector), order)
            for prop, value in declarations.items():
                if prop not in winners or rank >= winners[prop][0]:
                    winners[prop] = (rank, value)
    return {prop: value for prop, (_, value) in sorted(winners.items())}


def explain(rules, element, prop):
    """The winning rule for one property, as the theme editor's inspector shows it."""
    best = None
    for text, selector, declarations, order in rules:
        if prop in declarations and matches(selector, element):
            rank = (specificity(selector), order)
            if best is None or rank >= best[0]:
                best = (rank, text)
    return None if best is None else f"{prop} from '{best[1]}' {best[0][0]}"
