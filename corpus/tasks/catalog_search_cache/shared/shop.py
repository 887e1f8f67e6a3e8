"""The request handler behind /search."""

from catalog import search
from query import BadQuery, parse


def handle_search(querystring):
    try:
        arguments = parse(querystring)
    except BadQuery as exc:
        return 400, {"error": str(exc)}
    return 200, {"results": list(search(**arguments))}
