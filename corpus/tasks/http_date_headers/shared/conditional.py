"""Conditional GET (RFC 9110 section 13): decide between 200, 304 and 412 for a cached resource."""

from dataclasses import dataclass

from httpdate import is_modified_since


@dataclass(frozen=True)
class Resource:
    etag: str
    last_modified: object  # datetime


def _etags(header):
    return [tag.strip() for tag in header.split(",") if tag.strip()]


def _weak_equal(a, b):
    return a.removeprefix("W/") == b.removeprefix("W/")


def evaluate(resource, request_headers, method="GET"):
    """The status a conditional request gets: If-Match/If-Unmodified-Since guard writes, and
    If-None-Match takes precedence over If-Modified-Since for reads."""
    if_match = request_headers.get("If-Match")
    if if_match is not None and if_match != "*":
        if not any(tag == resource.etag and not tag.startswith("W/") for tag in _etags(if_match)):
            return 412
    if_unmodified = request_headers.get("If-Unmodified-Since")
    if if_match is None and if_unmodified is not None:
        if is_modified_since(resource.last_modified, if_unmodified):
            return 412
    if_none_match = request_headers.get("If-None-Match")
    if if_none_match is not None:
        tags = _etags(if_none_match)
        if if_none_match.strip() == "*" or any(_weak_equal(tag, resource.etag) for tag in tags):
            return 304 if method in ("GET", "HEAD") else 412
        return 200
    if_modified = request_headers.get("If-Modified-Since")
    if if_modified is not None and method in ("GET", "HEAD"):
        if not is_modified_since(resource.last_modified, if_modified):
            return 304
    return 200
