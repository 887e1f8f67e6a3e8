from middleware import ApiKeyAuth, ErrorResponses, JsonBody


class Api:
    """Middleware run in list order: the first one listed sees the request first."""

    def __init__(self, keys):
        self.middleware = [ErrorResponses(), ApiKeyAuth(keys), JsonBody()]
        self.routes = {}
        self.calls = []

    def route(self, path):
        def register(func):
            self.routes[path] = func
            return func
        return register

    def _endpoint(self, request):
        handler = self.routes.get(request["path"])
        if handler is None:
            return {"status": 404, "body": {"error": f"no route {request['path']}"}}
        self.calls.append((request["client"], request["path"]))
        return {"status": 200, "body": handler(request)}

    def build(self):
        handler = self._endpoint
        for middleware in reversed(self.middleware):
            handler = middleware.wrap(handler)
        return handler

    def call(self, path, raw="", api_key=None):
        headers = {"x-api-key": api_key} if api_key else {}
        return self.build()({"path": path, "raw": raw, "headers": headers})


def make_api():
    api = Api({"k-1": "acme", "k-2": "globex"})

    @api.route("/echo")
    def echo(request):
        return {"client": request["client"], "got": request["json"]}

    return api
