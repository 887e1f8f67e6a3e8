from httpkit import HttpError


def _split(path):
    return [part for part in path.strip("/").split("/") if part]


class Router:
    def __init__(self):
        self._routes = []

    def add(self, method, pattern, handler):
        self._routes.append((method.upper(), _split(pattern), handler))

    def get(self, pattern):
        def register(handler):
            self.add("GET", pattern, handler)
            return handler
        return register

    def post(self, pattern):
        def register(handler):
            self.add("POST", pattern, handler)
            return handler
        return register

    @staticmethod
    def _match(parts, pattern):
        if len(parts) != len(pattern):
            return None
        params = {}
        for part, expected in zip(parts, pattern):
            if expected.startswith("{") and expected.endswith("}"):
                params[expected[1:-1]] = part
            elif part != expected:
                return None
        return params

    def resolve(self, method, path):
        parts = _split(path)
        allowed = []
        for route_method, pattern, handler in self._routes:
            params = self._match(parts, pattern)
            if params is None:
                continue
            if route_method == method:
                return handler, params
            allowed.append(route_method)
        if allowed:
            raise HttpError(405, f"{method} not allowed on {path}; use {', '.join(sorted(allowed))}")
        raise HttpError(404, f"no route for {path}")
