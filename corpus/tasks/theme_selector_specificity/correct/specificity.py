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
    for name, arguments in selector.functions:
        total = add(total, _function_specificity(name, arguments))
    return total


def _function_specificity(name, arguments):
    """:where() adds nothing; :is() and :not() add their most specific argument."""
    if name == "where":
        return (0, 0, 0)
    return max(specificity(argument) for argument in arguments)
