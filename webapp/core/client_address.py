"""The address of the client that sent a request, for the login throttle (django-axes).

Behind a proxy every request comes from the proxy's address, so a lockout keyed on it would lock a
username out for every client. When the request comes from an address listed in
STEPWISE_TRUSTED_PROXIES (addresses or networks), the client is the right-most address of
X-Forwarded-For that is not a trusted proxy: the one the nearest trusted proxy saw connect. The header
is never read otherwise, so a client cannot name a fresh address per guess."""

from __future__ import annotations

import ipaddress

from django.conf import settings


def _networks() -> list:
    networks = []
    for entry in settings.STEPWISE_TRUSTED_PROXIES:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            continue  # settings refuse a bad entry at start (webapp.config.settings.base)
    return networks


def _trusted(address: str, networks: list) -> bool:
    try:
        ip = ipaddress.ip_address(address.strip())
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(request) -> str:
    remote = request.META.get("REMOTE_ADDR") or ""
    networks = _networks()
    if not networks or not _trusted(remote, networks):
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()]
    for address in reversed(forwarded):
        if not _trusted(address, networks):
            try:
                return str(ipaddress.ip_address(address))
            except ValueError:
                return remote  # a proxy that forwards garbage: the proxy's address, as without one
    return remote
