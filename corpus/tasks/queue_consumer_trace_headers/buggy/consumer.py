from middleware import Dedupe, Retry, SchemaCheck, Tracing


class Consumer:
    def __init__(self, service, handlers, middleware=None):
        self.handlers = dict(handlers)
        self.middleware = middleware if middleware is not None else [
            Dedupe(), SchemaCheck(), Tracing(service), Retry(3)]
        self.log = []

    def _handle(self, message):
        handler = self.handlers.get(message.topic)
        if handler is None:
            raise LookupError(f"no handler for topic {message.topic!r}")
        return handler(message)

    def process(self, message):
        def run(index, msg):
            if index == len(self.middleware):
                return self._handle(msg)
            return self.middleware[index](msg, lambda m: run(index + 1, m))

        result = run(0, message)
        self.log.append((message.id, message.topic, list(message.header("trace", []))))
        return result

    def drain(self, messages):
        return [self.process(message) for message in messages]
