"""Cursor over relaxed-JSON text: whitespace, '//' comments, and line/column for errors."""


class ConfigSyntaxError(ValueError):
    pass


class Scanner:
    def __init__(self, text):
        self.text = text
        self.pos = 0

    def where(self, pos=None):
        pos = self.pos if pos is None else pos
        line = self.text.count("\n", 0, pos) + 1
        column = pos - (self.text.rfind("\n", 0, pos) + 1) + 1
        return f"line {line}, column {column}"

    def error(self, message):
        return ConfigSyntaxError(f"{message} at {self.where()}")

    def skip(self):
        while self.pos < len(self.text):
            ch = self.text[self.pos]
            if ch in " \t\r\n":
                self.pos += 1
            elif self.text.startswith("//", self.pos):
                end = self.text.find("\n", self.pos)
                self.pos = len(self.text) if end == -1 else end
            else:
                break

    def peek(self):
        self.skip()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def take(self, expected):
        if self.peek() != expected:
            found = repr(self.peek()) if self.peek() else "end of input"
            raise self.error(f"expected {expected!r}, found {found}")
        self.pos += 1
