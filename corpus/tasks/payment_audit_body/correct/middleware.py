"""Middleware for the payments API: request ids, a body size limit and the audit trail."""

import hashlib
import io
import itertools

from web import HttpError

MAX_BODY_BYTES = 4096


class RequestIdMiddleware:
    def __init__(self, app, prefix="req"):
        self.app = app
        self._ids = itertools.count(1)
        self.prefix = prefix

    def __call__(self, request):
        request.context["request_id"] = request.headers.get("x-request-id") or f"{self.prefix}-{next(self._ids)}"
        response = self.app(request)
        response.headers["x-request-id"] = request.context["request_id"]
        return response


class BodyLimitMiddleware:
    def __init__(self, app, limit=MAX_BODY_BYTES):
        self.app = app
        self.limit = limit

    def __call__(self, request):
        declared = int(request.headers.get("content-length", 0))
        if declared > self.limit:
            raise HttpError(413, f"body of {declared} bytes exceeds the {self.limit}-byte limit")
        return self.app(request)


class AuditMiddleware:
    """Keeps who called what, a digest of the body and its first bytes, for disputes."""

    def __init__(self, app, trail, sample_bytes=120, chunk=64):
        self.app = app
        self.trail = trail
        self.sample_bytes = sample_bytes
        self.chunk = chunk

    def __call__(self, request):
        entry = {"id": request.context.get("request_id"), "method": request.method, "path": request.path,
                 "caller": request.headers.get("x-api-client", "anonymous")}
        if request.method in ("POST", "PUT", "PATCH"):
            entry["sha256"], entry["sample"] = self._fingerprint(request)
        response = self.app(request)
        entry["status"] = response.status
        self.trail.append(entry)
        return response

    def _fingerprint(self, request):
        digest = hashlib.sha256()
        parts = []
        while True:
            chunk = request.stream.read(self.chunk)
            if not chunk:
                break
            digest.update(chunk)
            parts.append(chunk)
        body = b"".join(parts)
        request.stream = io.BytesIO(body)
        return digest.hexdigest(), body[:self.sample_bytes].decode("utf-8", "replace")
