from events import Event
from feed_cache import FeedCache


class Feed:
    def __init__(self, store, page_size=5):
        self.store = store
        self.page_size = page_size
        self.cache = FeedCache()

    def page(self, user, number):
        if number < 1:
            raise ValueError(f"pages start at 1, got {number}")
        cached = self.cache.get(user, number, self.page_size)
        if cached is not None:
            return cached
        items = self.store.for_user(user, (number - 1) * self.page_size, self.page_size)
        lines = [f"{e.verb} {e.target}" for e in items]
        self.cache.put(user, number, self.page_size, lines)
        return lines

    def record(self, user, verb, target):
        next_id = max((e.id for e in self.store.events), default=0) + 1
        self.store.add(Event(next_id, user, verb, target))
        self.cache.forget_user(user)
