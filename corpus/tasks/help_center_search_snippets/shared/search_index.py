"""An inverted index over help articles: term -> positions, searched with AND semantics."""

from collections import defaultdict

from tokenizer import tokenize

STOP_WORDS = {"a", "an", "and", "the", "to", "of", "in", "on", "for", "your", "you", "is", "it", "with"}


class SearchIndex:
    def __init__(self):
        self.articles = {}
        self.tokens = {}
        self.postings = defaultdict(lambda: defaultdict(list))

    def add(self, slug, title, body):
        text = f"{title}\n{body}"
        self.articles[slug] = (title, text)
        self.tokens[slug] = tokenize(text)
        for position, token in enumerate(self.tokens[slug]):
            if token.term not in STOP_WORDS:
                self.postings[token.term][slug].append(position)

    def search(self, query):
        """Slugs containing every query term, most occurrences first (ties by slug)."""
        terms = [t.term for t in tokenize(query) if t.term not in STOP_WORDS]
        if not terms:
            return []
        found = set(self.postings[terms[0]])
        for term in terms[1:]:
            found &= set(self.postings[term])
        score = {slug: sum(len(self.postings[t][slug]) for t in terms) for slug in found}
        return sorted(found, key=lambda slug: (-score[slug], slug))
