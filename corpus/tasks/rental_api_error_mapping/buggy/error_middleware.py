"""Turns domain errors into JSON error responses with the right HTTP status, and logs them:
server-side problems as errors, refused requests as info."""

from errors import ClientError, Conflict, NotFound, PaymentDeclined, RentalError, UpstreamDown, ValidationFailed

STATUS_FOR = [
    (ClientError, 400),
    (PaymentDeclined, 402),
    (NotFound, 404),
    (Conflict, 409),
    (ValidationFailed, 422),
    (RentalError, 500),
    (UpstreamDown, 503),
]


def status_for(exc):
    status = 500
    for error_class, code in STATUS_FOR:
        if isinstance(exc, error_class):
            status = code
            break
    return status


class ErrorMiddleware:
    def __init__(self, app, log):
        self.app = app
        self.log = log

    def __call__(self, request):
        try:
            return self.app(request)
        except RentalError as exc:
            status = status_for(exc)
            level = "error" if status >= 500 else "info"
            self.log.append((level, f"{request['method']} {request['path']} -> {status} {type(exc).__name__}: {exc}"))
            body = {"error": type(exc).__name__, "message": str(exc)}
            if isinstance(exc, ValidationFailed):
                body["field"] = exc.field
            return {"status": status, "body": body}
