"""Consumer middleware: each takes (message, call_next) and returns the handler's result."""


class TransientError(Exception):
    pass


class Tracing:
    def __init__(self, service):
        self.service = service

    def __call__(self, message, call_next):
        message.headers.setdefault("trace", []).append(f"{self.service}:{message.topic}")
        return call_next(message)


class Retry:
    def __init__(self, attempts=3):
        self.attempts = attempts

    def __call__(self, message, call_next):
        while True:
            message.attempts += 1
            try:
                return call_next(message)
            except TransientError:
                if message.attempts >= self.attempts:
                    raise


class Dedupe:
    def __init__(self):
        self.seen = set()

    def __call__(self, message, call_next):
        if message.id in self.seen:
            return "duplicate"
        result = call_next(message)
        self.seen.add(message.id)
        return result


class SchemaCheck:
    def __init__(self, supported=(1,)):
        self.supported = supported

    def __call__(self, message, call_next):
        version = message.header("schema")
        if version not in self.supported:
            raise ValueError(f"message {message.id} uses schema {version}; this consumer reads {self.supported}")
        return call_next(message)
