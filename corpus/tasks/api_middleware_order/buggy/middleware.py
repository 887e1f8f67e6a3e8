import json


class HttpError(Exception):
    status = 500

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class Unauthorized(HttpError):
    status = 401


class BadRequest(HttpError):
    status = 400


class ErrorResponses:
    """Turn HttpErrors raised further in into JSON error responses."""

    def wrap(self, handler):
        def run(request):
            try:
                return handler(request)
            except HttpError as exc:
                return {"status": exc.status, "body": {"error": exc.message}}
        return run


class ApiKeyAuth:
    def __init__(self, keys):
        self.keys = keys

    def wrap(self, handler):
        def run(request):
            key = request.get("headers", {}).get("x-api-key")
            if key not in self.keys:
                raise Unauthorized("missing or unknown X-Api-Key header")
            request["client"] = self.keys[key]
            return handler(request)
        return run


class JsonBody:
    def wrap(self, handler):
        def run(request):
            raw = request.get("raw", "")
            try:
                request["json"] = json.loads(raw) if raw else None
            except json.JSONDecodeError as exc:
                raise BadRequest(f"body is not JSON: {exc.msg} at char {exc.pos}") from None
            return handler(request)
        return run
