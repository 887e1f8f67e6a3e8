"""Selector specificity as (ids, classes and pseudo-classes, tags), compared as tuples."""

from selector_parser import Complex


def add(one, other):
    return tuple(x + y for x, y in zip(one, other))


def specificity(selector):
    if isinstance(selector, Complex):
        total = (0, 0, 0)
        for part in selector.parts[::2]:
            total = add(total, specificity(part))
        return total
    total = (len(selector.ids), len(selector.classes) + len(selector.pseudos), int(selector.tag != "*"))
    for _name, arguments in selector.functions:
        for argument in arguments:
            total = add(total, specificity(argument))
    return total
