"""The component checks behind /healthz. Each returns a ComponentState; none raises or hangs."""

from __future__ import annotations

import uuid
from dataclasses import asdict, dataclass
from typing import cast

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
    """Delivery from a worker process to this one: join a fresh group, ask a worker to ring it (a
    remote-control command, answered by the worker's own process), and wait for the ring here. A
    layer that only works inside one process (an in-memory one) fails this, as live pages would."""
    import asyncio

    from channels.layers import get_channel_layer

    from webapp.live.control import ring_from_a_worker

    async def delivered(layer) -> tuple[bool, str]:
        channel = await layer.new_channel("healthz.")
        token = uuid.uuid4().hex
        group = f"healthz.{token}"
        await layer.group_add(group, channel)
        try:
            replies = await asyncio.to_thread(ring_from_a_worker, group, token, timeout_s)
            if not replies:
                return False, ("not checked: no worker answered, so delivery from a worker to the web "
                               "process could not be tried")
            worker, answer = next(iter(replies[0].items()))
            if not answer.get("ok"):
                return False, f"worker {worker} could not send through the channel layer"
            try:
                message = await asyncio.wait_for(layer.receive(channel), timeout_s)
            except TimeoutError:
                return False, (f"worker {worker} rang, but nothing reached this process within {timeout_s:g}s: "
                               f"{type(layer).__name__} does not carry messages between processes")
            ok = message.get("token") == token
            return ok, f"{type(layer).__name__}: delivered from worker {worker}" if ok else "a wrong message came back"
        finally:
            await layer.group_discard(group, channel)

    try:
        layer = get_channel_layer()
        if layer is None:
            return ComponentState("channel_layer", False, "no CHANNEL_LAYERS configured")
        ok, detail = async_to_sync(delivered)(layer)
        return ComponentState("channel_layer", ok, detail)
    except Exception as exc:
        return _failure("channel_layer", exc)


def check_celery_worker(timeout_s: float) -> ComponentState:
    """Whether any worker answers a control ping within the timeout."""
    # The app webapp.config made current at start-up (importing it here would loop core <-> config).
    from celery import Celery, current_app

    app = cast(Celery, current_app)  # its untyped proxy

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
