"""A cursor over a token iterator with one token of lookahead beyond the current one."""

from lexer import EOF_TOKEN, FormulaError


class TokenStream:
    def __init__(self, tokens):
        self._tokens = iter(tokens)
        self.current = next(self._tokens, EOF_TOKEN)
        self._buffered = []

    def advance(self):
        token = self.current
        self.current = self._buffered.pop() if self._buffered else next(self._tokens, EOF_TOKEN)
        return token

    def lookahead(self):
        """The token after the current one, without moving the cursor."""
        # iter() of an iterator is the iterator itself: the peeked token must be kept aside.
        if not self._buffered:
            self._buffered.append(next(self._tokens, EOF_TOKEN))
        return self._buffered[0]

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
