"""The component checks behind /healthz. Each returns a ComponentState; none raises or hangs."""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass

from asgiref.sync import async_to_sync
from django.conf import settings
from django.db import connection


@dataclass(frozen=True)
class ComponentState:
    name: str
    ok: bool
    detail: str
    configured: bool = True

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class HealthReport:
    components: list[ComponentState]

    @property
    def healthy(self) -> bool:
        return all(c.ok for c in self.components if c.configured)

    def to_dict(self) -> dict:
        return {"status": "ok" if self.healthy else "unhealthy",
                "components": {c.name: c.to_dict() for c in self.components}}


def _failure(name: str, exc: BaseException) -> ComponentState:
    return ComponentState(name, False, f"{type(exc).__name__}: {exc}".strip()[:500])


def check_database() -> ComponentState:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return ComponentState("database", True, f"{connection.vendor} answered")
    except Exception as exc:  # any driver error means "down"; the JSON carries the reason
        return _failure("database", exc)


def check_redis(timeout_s: float) -> ComponentState:
    url = settings.REDIS_URL
    if not url:
        return ComponentState("redis", True, "not configured (embedded default)", configured=False)
    import redis

    try:
        client = redis.Redis.from_url(url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s)
        try:
            client.ping()
        finally:
            client.close()
        return ComponentState("redis", True, "PING answered")
    except Exception as exc:
        return _failure("redis", exc)


def check_channel_layer(timeout_s: float) -> ComponentState:
    """A real round trip: send a message to a fresh channel and receive it back."""
    import asyncio

    from channels.layers import get_channel_layer

    async def round_trip(layer) -> bool:
        channel = await layer.new_channel("healthz.")
        token = uuid.uuid4().hex
        await layer.send(channel, {"type": "healthz.ping", "token": token})
        message = await asyncio.wait_for(layer.receive(channel), timeout_s)
        return message.get("token") == token

    try:
        layer = get_channel_layer()
        if layer is None:
            return ComponentState("channel_layer", False, "no CHANNEL_LAYERS configured")
        ok = async_to_sync(round_trip)(layer)
        kind = type(layer).__name__
        return ComponentState("channel_layer", ok, f"{kind} round trip " + ("ok" if ok else "returned a wrong message"))
    except TimeoutError:
        return ComponentState("channel_layer", False, f"no message back within {timeout_s:g}s")
    except Exception as exc:
        return _failure("channel_layer", exc)


def check_celery_worker(timeout_s: float) -> ComponentState:
    """Whether any worker answers a control ping within the timeout."""
    # The app webapp.config made current at start-up (importing it here would loop core <-> config).
    from celery import current_app as app

    try:
        with app.connection_for_write() as conn:
            # Fail fast when the broker is down instead of kombu's endless reconnect loop.
            conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout_s)
            # limit=1: return on the first answer instead of waiting out the timeout for more.
            replies = app.control.ping(timeout=timeout_s, connection=conn, limit=1) or []
    except Exception as exc:
        return _failure("celery_worker", exc)
    if not replies:
        return ComponentState("celery_worker", False, f"no worker answered a ping within {timeout_s:g}s "
                              "(start one: celery -A webapp.config.celery_app worker)")
    name = next(iter(replies[0]))
    return ComponentState("celery_worker", True, f"worker {name} answered a ping")


def health_report() -> HealthReport:
    timeout_s = settings.STEPWISE_HEALTH_TIMEOUT_S
    return HealthReport([check_database(), check_redis(timeout_s), check_channel_layer(timeout_s),
                         check_celery_worker(timeout_s)])
