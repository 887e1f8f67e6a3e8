"""A remote-control command of Celery workers, used by /healthz: ring a group from the worker's own
process, so the check proves delivery from a worker process to the web process (not a round trip
inside one process, which an in-memory layer passes while no other process can reach it)."""

from typing import cast

from celery.worker.control import control_command

from webapp.live.doorbell import send_to_group


@control_command(args=[("group", str), ("token", str)], signature="<group> <token>")
def stepwise_ring(state, group: str, token: str):
    delivered = send_to_group(group, {"type": "healthz.ring", "token": token}, timeout_s=5.0)
    return {"ok": delivered}


def ring_from_a_worker(group: str, token: str, timeout_s: float) -> list[dict]:
    """Ask the first worker that answers to ring ``group``: its reply, ``[{worker: {"ok": bool}}]``."""
    from celery import Celery
    from celery import current_app as proxy

    current_app = cast(Celery, proxy)  # its untyped proxy

    with current_app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, interval_step=0, timeout=timeout_s)
        return current_app.control.broadcast("stepwise_ring", arguments={"group": group, "token": token},
                                             reply=True, limit=1, timeout=timeout_s, connection=conn) or []
