"""What a Celery worker does besides running tasks: when it starts, fail the jobs it held before a
restart and stop sandboxes whose worker process died; then, on a timer, fail any job whose worker
went quiet. Added to the worker blueprint in ``webapp.config.celery_app``."""

from __future__ import annotations

import logging

from celery import bootsteps
from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)


class LostWorkReaper(bootsteps.StartStopStep):
    requires = {"celery.worker.components:Timer"}

    def __init__(self, worker, **kwargs):
        super().__init__(worker, **kwargs)
        self.timer_ref = None

    def start(self, worker):
        from harness.sandbox.orphans import reap_orphaned_sandboxes

        try:
            stopped = reap_orphaned_sandboxes()
            if stopped:
                log.warning("stopped %d sandbox(es) left by a worker process that died: %s", len(stopped),
                            ", ".join(stopped))
        except Exception:
            log.exception("could not look for orphaned sandboxes")
        self._reap(node=worker.hostname)
        self.timer_ref = worker.timer.call_repeatedly(settings.STEPWISE_REAPER_INTERVAL_S, self._reap, (),
                                                      priority=10)

    def stop(self, worker):
        if self.timer_ref is not None:
            self.timer_ref.cancel()

    def _reap(self, node: str | None = None) -> None:
        from webapp.runs.services.reaper import reap_lost_jobs

        try:
            close_old_connections()
            reaped = reap_lost_jobs(node=node)
            if reaped:
                log.warning("failed %d lost job(s): %s", len(reaped), ", ".join(map(str, reaped)))
        except Exception:
            log.exception("the lost-job reaper failed; it tries again on its next round")
        finally:
            close_old_connections()
