"""Minimal HTTP-like request/response types used by the storefront app."""

from dataclasses import dataclass, field


class HttpError(Exception):
    def __init__(self, status, message):
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass
class Response:
    status: int = 200
    body: object = None
    headers: dict = field(default_factory=dict)

    def header(self, name):
        return self.headers.get(name.lower())

    def set_header(self, name, value):
        self.headers[name.lower()] = value


def normalize_headers(headers):
    return {str(k).lower(): str(v).strip() for k, v in (headers or {}).items()}
