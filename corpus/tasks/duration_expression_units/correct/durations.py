"""Durations for timeouts in config files: '1h30m', '250ms', '(2m + 30s) * 3', '-' and '+' allowed."""

import re

UNITS = {"d": 86400.0, "h": 3600.0, "m": 60.0, "s": 1.0, "ms": 0.001}
TOKEN = re.compile(r"\s*(?:(\d+(?:\.\d+)?)(ms|d|h|m|s)|(\d+(?:\.\d+)?)|([()+\-*]))")


class DurationError(ValueError):
    pass


def tokenize(text):
    tokens, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        match = TOKEN.match(text, pos)
        if not match:
            raise DurationError(f"cannot read {text[pos:].strip()!r} in duration {text!r}")
        amount, unit, number, op = match.groups()
        if amount is not None:
            tokens.append(("amount", float(amount) * UNITS[unit]))
        elif number is not None:
            tokens.append(("number", float(number)))
        else:
            tokens.append(("op", op))
        pos = match.end()
    return tokens


class Parser:
    """sum := term (('+' | '-') term)*;  term := factor ('*' number)*;  factor := amount+ | '(' sum ')'"""

    def __init__(self, text):
        self.text = text
        self.tokens = tokenize(text)
        self.i = 0

    def peek(self):
        return self.tokens[self.i] if self.i < len(self.tokens) else ("end", None)

    def take(self):
        token = self.peek()
        self.i += 1
        return token

    def parse(self):
        value = self.sum()
        if self.peek()[0] != "end":
            raise DurationError(f"unexpected {self.peek()[1]!r} in duration {self.text!r}")
        return value

    def sum(self):
        value = self.term()
        while self.peek() in (("op", "+"), ("op", "-")):
            sign = 1 if self.take()[1] == "+" else -1
            value += sign * self.term()
        return value

    def term(self):
        value = self.factor()
        while self.peek() == ("op", "*"):
            self.take()
            kind, number = self.take()
            if kind != "number":
                raise DurationError(f"'*' must be followed by a plain number in {self.text!r}")
            value *= number
        return value

    def factor(self):
        if self.peek() == ("op", "("):
            self.take()
            value = self.sum()
            if self.take() != ("op", ")"):
                raise DurationError(f"missing ')' in duration {self.text!r}")
            return value
        total, seen = 0.0, False
        while self.peek()[0] == "amount":
            total += self.take()[1]
            seen = True
        if not seen:
            raise DurationError(f"expected a duration like '5m' in {self.text!r}")
        return total


def seconds(text):
    return round(Parser(text).parse(), 6)
