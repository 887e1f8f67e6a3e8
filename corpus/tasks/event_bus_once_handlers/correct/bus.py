"""A small in-process publish/subscribe bus with priorities and one-shot handlers."""


class Subscription:
    def __init__(self, topic, handler, priority, once):
        self.topic = topic
        self.handler = handler
        self.priority = priority
        self.once = once

    def __repr__(self):
        return f"Subscription({self.topic!r}, {self.handler.__name__}, priority={self.priority})"


class EventBus:
    def __init__(self):
        self._subs = {}
        self.delivered = {}

    def subscribe(self, topic, handler, priority=0, once=False):
        sub = Subscription(topic, handler, priority, once)
        subs = self._subs.setdefault(topic, [])
        # Higher priority first; equal priorities keep subscription order.
        index = len(subs)
        for i, existing in enumerate(subs):
            if existing.priority < priority:
                index = i
                break
        subs.insert(index, sub)
        return sub

    def once(self, topic, handler, priority=0):
        return self.subscribe(topic, handler, priority, once=True)

    def unsubscribe(self, sub):
        subs = self._subs.get(sub.topic, [])
        if sub in subs:
            subs.remove(sub)

    def subscribers(self, topic):
        return [s.handler.__name__ for s in self._subs.get(topic, [])]

    def publish(self, topic, payload):
        subs = self._subs.get(topic, [])
        count = 0
        for sub in list(subs):
            if sub.once:
                self.unsubscribe(sub)
            sub.handler(payload)
            count += 1
        self.delivered[topic] = self.delivered.get(topic, 0) + count
        return count
