"""Webhook target URLs as customers type them into the settings page."""

from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


class BadUrl(ValueError):
    pass


def origin(url):
    """'https://Hooks.Example.com./x' and 'https://hooks.example.com:443/y' are one origin."""
    parts = urlsplit(url.strip())
    if parts.scheme not in DEFAULT_PORTS:
        raise BadUrl(f"{url!r}: webhooks must use http or https")
    host = (parts.hostname or "").rstrip(".")
    if not host:
        raise BadUrl(f"{url!r}: no host name")
    return f"{parts.scheme}://{host}:{parts.port or DEFAULT_PORTS[parts.scheme]}"
