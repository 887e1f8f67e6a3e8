"""A note with a title, a body and free-form tags."""


class Note:
    def __init__(self, title, body="", tags=[]):
        self.title = title
        self.body = body
        self.tags = tags

    def tag(self, *labels):
        for label in labels:
            label = label.strip().lower()
            if label and label not in self.tags:
                self.tags.append(label)

    def untag(self, label):
        if label in self.tags:
            self.tags.remove(label)

    def matches(self, query):
        query = query.lower()
        return query in self.title.lower() or query in self.body.lower()
