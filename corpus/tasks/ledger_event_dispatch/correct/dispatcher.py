"""A small synchronous event dispatcher: handlers are registered per event class."""


class Dispatcher:
    def __init__(self):
        self._handlers = {}
        self.unhandled = []

    def register(self, event_type, handler):
        self._handlers.setdefault(event_type, []).append(handler)

    def handlers_for(self, event):
        # Walk the class hierarchy so a subclass event reaches its parent's handlers.
        for klass in type(event).__mro__:
            if klass in self._handlers:
                return list(self._handlers[klass])
        return []

    def dispatch(self, event):
        handlers = self.handlers_for(event)
        if not handlers:
            self.unhandled.append(event)
            return 0
        for handler in handlers:
            handler(event)
        return len(handlers)

    def dispatch_all(self, events):
        return sum(self.dispatch(event) for event in events)
