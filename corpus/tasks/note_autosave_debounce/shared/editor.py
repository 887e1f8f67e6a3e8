"""The note being edited: a text buffer with a version that every change bumps."""


class EditError(ValueError):
    pass


class Note:
    def __init__(self, note_id, text="", on_change=None):
        self.note_id = note_id
        self.text = text
        self.version = 0
        self.on_change = on_change

    def _changed(self):
        self.version += 1
        if self.on_change is not None:
            self.on_change()

    def type(self, chars, at=None):
        at = len(self.text) if at is None else at
        if not 0 <= at <= len(self.text):
            raise EditError(f"cannot type at {at}: the note has {len(self.text)} characters")
        self.text = self.text[:at] + chars + self.text[at:]
        self._changed()

    def delete(self, start, end):
        if not 0 <= start <= end <= len(self.text):
            raise EditError(f"cannot delete {start}..{end}: the note has {len(self.text)} characters")
        if start == end:
            return
        self.text = self.text[:start] + self.text[end:]
        self._changed()
