"""URL helpers for navigation: normalising paths and deciding which menu entry is active."""

from urllib.parse import urlsplit


def normalise(url):
    """'/Docs//install/?x=1#top' -> '/docs/install'. External URLs are returned unchanged."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        return url
    segments = [s for s in parts.path.lower().split("/") if s and s != "."]
    stack = []
    for segment in segments:
        if segment == "..":
            if stack:
                stack.pop()
        else:
            stack.append(segment)
    return "/" + "/".join(stack)


def is_active(item_url, current_url):
    """An entry is active on its own page and on every page below it (except '/', only itself)."""
    item, current = normalise(item_url), normalise(current_url)
    if item == "/":
        return current == "/"
    return current == item or current.startswith(item + "/")


def active_titles(items, current_url):
    return [item.title for item in items if is_active(item.url, current_url)]
