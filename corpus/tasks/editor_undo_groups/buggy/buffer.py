"""A text buffer with grouped undo/redo (one group per user action, e.g. find-and-replace)."""

from ops import Delete, Insert


class Buffer:
    def __init__(self, text=""):
        self.text = text
        self.undo_stack = []
        self.redo_stack = []
        self._group = None

    def begin(self):
        self._group = []

    def commit(self):
        if self._group:
            self.undo_stack.append(self._group)
            self.redo_stack.clear()
        self._group = None

    def _do(self, op):
        self.text = op.apply(self.text)
        if self._group is not None:
            self._group.append(op)
        else:
            self.undo_stack.append([op])
            self.redo_stack.clear()

    def insert(self, pos, text):
        self._do(Insert(pos, text))

    def delete(self, pos, length):
        self._do(Delete(pos, self.text[pos:pos + length]))

    def undo(self):
        if not self.undo_stack:
            return False
        group = self.undo_stack.pop()
        for op in group:
            self.text = op.inverse().apply(self.text)
        self.redo_stack.append(group)
        return True

    def redo(self):
        if not self.redo_stack:
            return False
        group = self.redo_stack.pop()
        for op in group:
            self.text = op.apply(self.text)
        self.undo_stack.append(group)
        return True
