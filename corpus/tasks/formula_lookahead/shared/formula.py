"""Recursive-descent parser and evaluator for formulas like ``max(a, 2) * (b - 1)``."""

from lexer import FormulaError, tokenize
from stream import TokenStream

FUNCTIONS = {"max": max, "min": min, "abs": abs, "sum": lambda *xs: sum(xs)}


class Formula:
    def __init__(self, source):
        self.source = source
        self._stream = TokenStream(tokenize(source))
        self.tree = self._expression()
        if self._stream.current.kind != "EOF":
            raise FormulaError(f"unexpected {self._stream.current.text!r} at position {self._stream.current.pos}")

    def _expression(self):
        node = self._term()
        while self._stream.current.text in ("+", "-"):
            node = (self._stream.advance().text, node, self._term())
        return node

    def _term(self):
        node = self._factor()
        while self._stream.current.text in ("*", "/"):
            node = (self._stream.advance().text, node, self._factor())
        return node

    def _factor(self):
        token = self._stream.current
        if token.kind == "NUMBER":
            self._stream.advance()
            return ("num", float(token.text))
        if token.kind == "NAME":
            if token.text in FUNCTIONS and self._stream.lookahead().text == "(":
                return self._call()
            self._stream.advance()
            return ("var", token.text)
        if self._stream.accept("("):
            node = self._expression()
            self._stream.expect(")")
            return node
        if self._stream.accept("-"):
            return ("neg", self._factor())
        raise FormulaError(f"unexpected {token.text or 'end of formula'!r} at position {token.pos}")

    def _call(self):
        name = self._stream.advance().text
        self._stream.expect("(")
        args = [self._expression()]
        while self._stream.accept(","):
            args.append(self._expression())
        self._stream.expect(")")
        if name not in FUNCTIONS:
            raise FormulaError(f"unknown function {name!r}")
        return ("call", name, args)

    def evaluate(self, cells):
        return _eval(self.tree, cells)


def _eval(node, cells):
    kind = node[0]
    if kind == "num":
        return node[1]
    if kind == "var":
        if node[1] not in cells:
            raise FormulaError(f"no cell named {node[1]!r}")
        return float(cells[node[1]])
    if kind == "neg":
        return -_eval(node[1], cells)
    if kind == "call":
        return FUNCTIONS[node[1]](*(_eval(arg, cells) for arg in node[2]))
    left, right = _eval(node[1], cells), _eval(node[2], cells)
    return {"+": left + right, "-": left - right, "*": left * right}.get(kind) if kind != "/" else left / right
