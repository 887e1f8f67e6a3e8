def all_urls(item, _seen=None):
    """Every URL reachable from ``item``, in depth-first order, each once."""
    seen = set() if _seen is None else _seen
    if id(item) in seen:
        return []
    seen.add(id(item))
    urls = [item.url]
    for child in item.children:
        for url in all_urls(child, seen):
            if url not in urls:
                urls.append(url)
    return urls


def breadcrumbs(item, url, trail=()):
    if item.title in trail:
        return None
    trail = trail + (item.title,)
    if item.url == url:
        return list(trail)
    for child in item.children:
        found = breadcrumbs(child, url, trail)
        if found:
            return found
    return None


def sitemap(item, depth=0, _seen=None):
    seen = set() if _seen is None else _seen
    if id(item) in seen:
        return []
    seen.add(id(item))
    lines = ["  " * depth + f"{item.title} ({item.url})"]
    for child in item.children:
        lines.extend(sitemap(child, depth + 1, seen))
    return lines
