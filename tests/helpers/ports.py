"""Loopback ports for servers a test starts, and for addresses where nothing may answer."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A loopback port free a moment ago (bound, then released), for a server the test starts on it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def closed_port() -> int:
    """A loopback port nothing listens on: the same free port, for a client that must find no server."""
    return free_port()
