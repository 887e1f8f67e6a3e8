from fragments import FragmentCache


class Site:
    def __init__(self, store, capacity=3, ttl=1000):
        self.store = store
        self.cache = FragmentCache(capacity, ttl)

    def page(self, slug):
        self.cache.tick()
        html = self.cache.get(slug)
        if html is None:
            html = self.store.render(slug)
            self.cache.put(slug, html)
        return html

    def browse(self, slugs):
        return [self.page(slug) for slug in slugs]
