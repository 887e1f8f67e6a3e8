"""A cursor over a token iterator with one token of lookahead beyond the current one."""

from lexer import EOF_TOKEN, FormulaError


class TokenStream:
    def __init__(self, tokens):
        self._tokens = iter(tokens)
        self.current = next(self._tokens, EOF_TOKEN)

    def advance(self):
        token = self.current
        self.current = next(self._tokens, EOF_TOKEN)
        return token

    def lookahead(self):
        """The token after the current one, without moving the cursor."""
        upcoming = iter(self._tokens)
        return next(upcoming, EOF_TOKEN)

    def accept(self, text):
        if self.current.text == text and self.current.kind == "OP":
            return self.advance()
        return None

    def expect(self, text):
        token = self.accept(text)
        if token is None:
            found = self.current.text or "end of formula"
            where = f"position {self.current.pos}" if self.current.pos >= 0 else "the end"
            raise FormulaError(f"expected {text!r} at {where}, found {found!r}")
        return token
