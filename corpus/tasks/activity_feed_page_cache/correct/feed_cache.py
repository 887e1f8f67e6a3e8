class FeedCache:
    def __init__(self):
        self._pages = {}

    def key_for(self, user, page, page_size):
        return f"feed:{user}:{page_size}:{page}"

    def get(self, user, page, page_size):
        return self._pages.get(self.key_for(user, page, page_size))

    def put(self, user, page, page_size, items):
        self._pages[self.key_for(user, page, page_size)] = items

    def forget_user(self, user):
        prefix = f"feed:{user}:"
        for key in [k for k in self._pages if k.startswith(prefix)]:
            del self._pages[key]
