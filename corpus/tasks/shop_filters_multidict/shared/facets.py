"""Facet counts for the sidebar, and canonical URLs for the current search."""

from collections import Counter
from urllib.parse import urlencode

from search import PRODUCTS, matches

FACETS = ("colour", "size", "brand")


def facet_counts(filters, products=PRODUCTS):
    """For each facet, how many products each value would give, ignoring the facet's own filter
    (so choosing 'red' still shows how many blue items there are)."""
    counts = {}
    for facet in FACETS:
        others = [f for f in filters if f.field != facet]
        hits = [p for p in products if all(matches(p, f) for f in others)]
        counts[facet] = dict(sorted(Counter(p[facet] for p in hits).items()))
    return counts


def canonical_url(params, path="/search"):
    """Stable URL for caching: defaults left out, keys sorted, repeated keys kept in order."""
    defaults = {"sort": "relevance", "page": "1", "per_page": "24"}
    pairs = [(k, v) for k, v in params.items(multi=True) if defaults.get(k) != v]
    pairs.sort(key=lambda kv: kv[0])
    return path + ("?" + urlencode(pairs) if pairs else "")


def breadcrumbs(params):
    """'Colour: red, blue' style labels for the chosen facet values, with a link that removes each."""
    crumbs = []
    for facet in FACETS:
        chosen = params.getlist(facet)
        if not chosen:
            continue
        remaining = params.copy()
        remaining.poplast(facet, None)
        while facet in remaining:
            remaining.poplast(facet)
        crumbs.append((f"{facet.capitalize()}: {', '.join(chosen)}", canonical_url(remaining)))
    return crumbs
