"""docker-compose.yml publishes no internal service on every interface: postgres and redis stay on the
compose network, vLLM (no key check) and Flower on the host's loopback, the web app where STEPWISE_BIND
says (loopback by default)."""

from __future__ import annotations

import re

import yaml

from tests.webapp.conftest import REPO_ROOT

LOOPBACK_DEFAULT = re.compile(r"^(127\.0\.0\.1|\$\{STEPWISE_BIND:-127\.0\.0\.1\}):")


def published(path) -> dict[str, list[str]]:
    services = yaml.safe_load(path.read_text())["services"]
    return {name: [str(p) for p in (service or {}).get("ports") or []] for name, service in services.items()}


def test_no_service_is_published_on_every_interface():
    """It was: vLLM published as "${VLLM_PORT:-8001}:8000", on all interfaces of the host."""
    for path in REPO_ROOT.glob("docker-compose*.yml"):
        for service, ports in published(path).items():
            for port in ports:
                assert LOOPBACK_DEFAULT.match(port), f"{path.name}: {service} publishes {port!r} on every interface"
        for service in ("postgres", "redis"):
            assert not published(path).get(service), f"{path.name}: {service} must stay on the compose network"
