def all_urls(item):
    """Every URL reachable from ``item``, in depth-first order, each once."""
    urls = [item.url]
    for child in item.children:
        for url in all_urls(child):
            if url not in urls:
                urls.append(url)
    return urls


def breadcrumbs(item, url, trail=()):
    trail = trail + (item.title,)
    if item.url == url:
        return list(trail)
    for child in item.children:
        found = breadcrumbs(child, url, trail)
        if found:
            return found
    return None


def sitemap(item, depth=0):
    lines = ["  " * depth + f"{item.title} ({item.url})"]
    for child in item.children:
        lines.extend(sitemap(child, depth + 1))
    return lines
