"""'Did you mean' for misspelt searches, and related articles by shared vocabulary."""

from search_index import STOP_WORDS
from tokenizer import tokenize


def edit_distance(a, b):
    previous = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        current = [i]
        for j, char_b in enumerate(b, start=1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char_a != char_b)))
        previous = current
    return previous[-1]


def did_you_mean(index, query):
    """The query with each unknown word replaced by the closest indexed word, or None if all are known."""
    words, changed = [], False
    for token in tokenize(query):
        if token.term in index.postings or token.term in STOP_WORDS:
            words.append(token.term)
            continue
        close = sorted((edit_distance(token.term, known), known) for known in index.postings)
        if close and close[0][0] <= 2:
            words.append(close[0][1])
            changed = True
        else:
            words.append(token.term)
    return " ".join(words) if changed else None


def related(index, slug, limit=3):
    mine = {t.term for t in index.tokens[slug]} - STOP_WORDS
    scores = []
    for other, tokens in index.tokens.items():
        if other != slug:
            shared = len(mine & {t.term for t in tokens})
            if shared:
                scores.append((-shared, other))
    return [other for _, other in sorted(scores)[:limit]]
