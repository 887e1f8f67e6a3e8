"""The machine-translation API, reduced to a word table. Longer texts take longer, as they do there.

Glossary terms (brand names) are never translated.
"""

import asyncio

WORDS = {
    "de": {"kettle": "Wasserkocher", "mug": "Becher", "stainless": "rostfreier", "steel": "Stahl",
           "with": "mit", "whistle": "Pfeife", "blue": "blauer", "enamel": "Emaille", "teapot": "Teekanne",
           "glass": "Glas", "lid": "Deckel", "and": "und", "large": "großer", "set": "Set", "of": "von",
           "two": "zwei", "cups": "Tassen"},
}


class UnsupportedLanguage(ValueError):
    pass


class Translator:
    def __init__(self, glossary=()):
        self.glossary = set(glossary)
        self.requests = []

    async def translate(self, text, target):
        if target not in WORDS:
            raise UnsupportedLanguage(f"no translations into {target!r}; available: {', '.join(sorted(WORDS))}")
        self.requests.append(text)
        out = []
        for word in text.split():
            await asyncio.sleep(0)  # one round of the model per word
            out.append(word if word in self.glossary else WORDS[target].get(word.lower(), word))
        return " ".join(out)
