from httpkit import normalize_headers


class Request:
    """One incoming request. ``context`` is the per-request scratch space middleware writes to."""

    def __init__(self, method, path, headers=None, query=None, context=None):
        self.method = method.upper()
        self.path = path
        self.headers = normalize_headers(headers)
        self.query = dict(query or {})
        self.context = dict(context or {})
        self.params = {}

    def header(self, name, default=None):
        return self.headers.get(name.lower(), default)

    def __repr__(self):
        return f"Request({self.method} {self.path})"
