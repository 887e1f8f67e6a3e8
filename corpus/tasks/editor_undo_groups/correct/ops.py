"""Edit operations on a text buffer, each able to produce its own inverse."""

from dataclasses import dataclass


class EditError(ValueError):
    pass


@dataclass(frozen=True)
class Insert:
    pos: int
    text: str

    def apply(self, text):
        if not 0 <= self.pos <= len(text):
            raise EditError(f"insert at {self.pos} is outside a text of length {len(text)}")
        return text[:self.pos] + self.text + text[self.pos:]

    def inverse(self):
        return Delete(self.pos, self.text)


@dataclass(frozen=True)
class Delete:
    pos: int
    removed: str

    def apply(self, text):
        if text[self.pos:self.pos + len(self.removed)] != self.removed:
            raise EditError(f"expected {self.removed!r} at {self.pos}, found "
                            f"{text[self.pos:self.pos + len(self.removed)]!r}")
        return text[:self.pos] + text[self.pos + len(self.removed):]

    def inverse(self):
        return Insert(self.pos, self.removed)
