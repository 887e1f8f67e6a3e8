"""Translation memory: descriptions translated before are not sent to the API again."""


class TranslationMemory:
    def __init__(self):
        self._entries = {}
        self.hits = 0
        self.misses = 0

    def lookup(self, language, text):
        found = self._entries.get((language, text))
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def remember(self, language, text, translation):
        if not translation.strip():
            raise ValueError(f"refusing to remember an empty {language} translation of {text!r}")
        self._entries[(language, text)] = translation

    def __len__(self):
        return len(self._entries)
