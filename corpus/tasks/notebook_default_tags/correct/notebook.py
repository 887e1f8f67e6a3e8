"""A notebook: create notes, tag them, search them."""

from note import Note


class Notebook:
    def __init__(self):
        self.notes = {}

    def add(self, title, body="", tags=None):
        if title in self.notes:
            raise KeyError(f"a note called {title!r} already exists")
        note = Note(title, body) if tags is None else Note(title, body, list(tags))
        self.notes[title] = note
        return note

    def tagged(self, label):
        return sorted(n.title for n in self.notes.values() if label in n.tags)

    def search(self, query):
        return sorted(n.title for n in self.notes.values() if n.matches(query))

    def tag_counts(self):
        counts = {}
        for note in self.notes.values():
            for label in note.tags:
                counts[label] = counts.get(label, 0) + 1
        return dict(sorted(counts.items()))
