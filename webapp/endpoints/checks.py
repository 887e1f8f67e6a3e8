"""What an endpoint record may name: a URL whose host is no loopback, wildcard or link-local address
(the web server's own services, every interface, a cloud's metadata address) unless an admin listed it
in STEPWISE_ENDPOINT_ALLOWED_HOSTS, and a key variable whose name starts with one of
STEPWISE_ENDPOINT_KEY_PREFIXES (so no record can have a worker send DJANGO_SECRET_KEY or DATABASE_URL
as a bearer token). Checked when a record is saved and again when a job uses it."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings

LOOPBACK_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")


def _address(host: str):
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:  # the forms inet_aton still reads: 127.1, 0x7f000001, 2130706433
        import socket

        return ipaddress.ip_address(socket.inet_ntoa(socket.inet_aton(host)))
    except (OSError, ValueError):
        return None


def host_problem(host: str) -> str | None:
    """Why an endpoint may not use ``host``, or None."""
    host = (host or "").strip().lower().rstrip(".")
    allowed = {h.strip().lower().strip("[]") for h in settings.STEPWISE_ENDPOINT_ALLOWED_HOSTS}
    if host in allowed:
        return None
    address = _address(host)
    if host in LOOPBACK_NAMES or host.endswith(".localhost") or (address is not None and address.is_loopback):
        what = "a loopback host (this machine)"
    elif address is not None and address.is_unspecified:
        what = "a wildcard address (every interface)"
    elif address is not None and address.is_link_local:
        what = "a link-local address"
    elif not host:
        what = "no host"
    else:
        return None
    return (f"{host or 'the URL'} is {what}; give the model server's own host name (e.g. http://vllm:8000/v1), "
            "or ask the site's operator to list this host in STEPWISE_ENDPOINT_ALLOWED_HOSTS")


def url_problem(url: str) -> str | None:
    try:
        parts = urlsplit(url or "")
        parts.port  # noqa: B018 - raises ValueError for a port that is no number
    except ValueError:
        return "not a URL with a host and port this app can read"
    if parts.scheme not in ("http", "https"):
        return "give an http:// or https:// URL"
    return host_problem(parts.hostname or "")


def key_variable_problem(name: str) -> str | None:
    """Why ``name`` may not be an endpoint's key variable, or None ("" is no key)."""
    if not name:
        return None
    prefixes = tuple(p for p in settings.STEPWISE_ENDPOINT_KEY_PREFIXES if p)
    if prefixes and name.startswith(prefixes):
        return None
    return (f"{name} is not a key variable: its name must start with {' or '.join(prefixes) or '(none is allowed)'} "
            "(STEPWISE_ENDPOINT_KEY_PREFIXES), so that no other setting of the workers can be sent as a key")
