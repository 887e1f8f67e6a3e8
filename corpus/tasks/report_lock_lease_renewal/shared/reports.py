"""The report store. Writes carry the writer's fencing token; an older token than one already
seen means the writer's lease was taken over, and its write is refused."""


class StaleWriter(Exception):
    pass


class ReportStore:
    def __init__(self):
        self.sections = {}
        self.highest_token = 0
        self.refused = []

    def write(self, section, text, token):
        if token < self.highest_token:
            self.refused.append((section, token))
            raise StaleWriter(f"write of {section!r} refused: token {token} is older than {self.highest_token}")
        self.highest_token = token
        self.sections[section] = text
