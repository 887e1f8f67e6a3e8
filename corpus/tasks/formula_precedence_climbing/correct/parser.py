"""Precedence-climbing parser for spreadsheet-style formulas."""

from dataclasses import dataclass

from lexer import FormulaSyntaxError, tokenize

BINARY = {"+": (1, "left"), "-": (1, "left"), "*": (2, "left"), "/": (2, "left"),
          "%": (2, "left"), "^": (3, "right")}


@dataclass(frozen=True)
class Num:
    value: float


@dataclass(frozen=True)
class Var:
    name: str


@dataclass(frozen=True)
class Neg:
    operand: object


@dataclass(frozen=True)
class BinOp:
    op: str
    left: object
    right: object


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple


class Parser:
    def __init__(self, source):
        self.tokens = tokenize(source)
        self.index = 0

    @property
    def current(self):
        return self.tokens[self.index]

    def advance(self):
        token = self.current
        self.index += 1
        return token

    def expect(self, text):
        if self.current.text != text:
            found = self.current.text or "end of formula"
            raise FormulaSyntaxError(f"expected {text!r} at position {self.current.pos}, found {found!r}")
        return self.advance()

    def parse(self):
        tree = self.parse_expression(0)
        if self.current.kind != "end":
            raise FormulaSyntaxError(f"unexpected {self.current.text!r} at position {self.current.pos}")
        return tree

    def parse_expression(self, min_prec):
        left = self.parse_unary(min_prec)
        while self.current.kind == "op" and self.current.text in BINARY:
            prec, assoc = BINARY[self.current.text]
            if prec < min_prec:
                break
            op = self.advance().text
            right = self.parse_expression(prec + 1 if assoc == "left" else prec)
            left = BinOp(op, left, right)
        return left

    def parse_unary(self, min_prec):
        if self.current.text == "-":
            self.advance()
            return Neg(self.parse_unary(min_prec))
        if self.current.text == "+":
            self.advance()
            return self.parse_unary(min_prec)
        return self.parse_atom(min_prec)

    def parse_atom(self, min_prec):
        token = self.advance()
        if token.kind == "num":
            return Num(float(token.text) if "." in token.text else int(token.text))
        if token.kind == "name":
            if self.current.text == "(":
                return self.parse_call(token.text)
            return Var(token.text)
        if token.text == "(":
            inner = self.parse_expression(0)
            self.expect(")")
            return inner
        raise FormulaSyntaxError(f"unexpected {token.text or 'end of formula'!r} at position {token.pos}")

    def parse_call(self, name):
        self.expect("(")
        args = []
        if self.current.text != ")":
            args.append(self.parse_expression(0))
            while self.current.text == ",":
                self.advance()
                args.append(self.parse_expression(0))
        self.expect(")")
        return Call(name, tuple(args))


def parse(source):
    return Parser(source).parse()
