"""Query strings of the shop's search page, kept as an ordered multi-dict (boltons): the same key may
appear several times (?colour=red&colour=blue)."""

from urllib.parse import parse_qsl, urlsplit

from boltons.dictutils import OrderedMultiDict

DEFAULTS = OrderedMultiDict([("sort", "relevance"), ("page", "1"), ("per_page", "24")])


def parse_query(url):
    pairs = parse_qsl(urlsplit(url).query, keep_blank_values=False)
    params = OrderedMultiDict(DEFAULTS)
    user = OrderedMultiDict(pairs)
    for key in user:
        params.poplast(key, None)
    params.update_extend(user)
    return params


def page_window(params):
    try:
        page, per_page = int(params["page"]), int(params["per_page"])
    except ValueError:
        raise ValueError(f"page and per_page must be numbers, got {params['page']!r} and {params['per_page']!r}") from None
    if page < 1 or not 1 <= per_page <= 96:
        raise ValueError("page starts at 1 and per_page must be 1..96")
    return (page - 1) * per_page, page * per_page
