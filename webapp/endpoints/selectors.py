"""Reads for model endpoints."""

from __future__ import annotations

from webapp.endpoints.models import ModelEndpoint


def enabled_endpoints():
    return ModelEndpoint.objects.filter(enabled=True).order_by("name")


def endpoint_names() -> list[str]:
    return list(enabled_endpoints().values_list("name", flat=True))


def endpoint_named(name: str) -> ModelEndpoint | None:
    return enabled_endpoints().filter(name=name).first()
