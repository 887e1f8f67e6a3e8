"""Result snippets: a few words around the first match, with every match marked."""

import html

from tokenizer import tokenize


def highlight(text, terms, tokens=None):
    tokens = tokenize(text) if tokens is None else tokens
    out, cursor = [], 0
    for token in tokens:
        if token.term in terms:
            out.append(html.escape(text[cursor:token.start]))
            out.append(f"<mark>{html.escape(text[token.start:token.end])}</mark>")
            cursor = token.end
    out.append(html.escape(text[cursor:]))
    return "".join(out)


def snippet(index, slug, query, width=4):
    title, text = index.articles[slug]
    terms = {t.term for t in tokenize(query)}
    tokens = index.tokens[slug]
    hits = [i for i, token in enumerate(tokens) if token.term in terms]
    if not hits:
        return html.escape(title)
    first, last = max(hits[0] - width, 0), min(hits[0] + width, len(tokens) - 1)
    piece_start, piece_end = tokens[first].start, tokens[last].end
    inner = [t for t in tokens[first:last + 1]]
    shifted = [type(t)(t.term, t.start - piece_start, t.end - piece_start) for t in inner]
    prefix = "… " if first > 0 else ""
    suffix = " …" if last < len(tokens) - 1 else ""
    return prefix + highlight(text[piece_start:piece_end], terms, shifted) + suffix


def results_page(index, query):
    return [f"{index.articles[slug][0]}: {snippet(index, slug, query)}" for slug in index.search(query)]
