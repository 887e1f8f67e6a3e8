"""``manage.py serve``: daphne and the Celery workers of one machine, supervised (what scripts/run
starts): a worker for episodes and short jobs, one for training, so training never starves episodes."""

import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from webapp.core.supervisor import Child, Supervisor
from webapp.environment import BY_NAME, number, raw


class Command(BaseCommand):
    help = ("Run the web server and the Celery workers together, restarting a worker that dies and "
            "stopping everything (with the reason) when one keeps dying or the web server stops.")

    def add_arguments(self, parser):
        parser.add_argument("--host", default=raw("HOST") or BY_NAME["HOST"].default)
        parser.add_argument("--port", type=int, default=number("PORT", int))
        parser.add_argument("--concurrency", type=int, default=number("WORKER_CONCURRENCY", int),
                            help="episodes at once on this machine (default 2)")
        parser.add_argument("--max-restarts", type=int, default=5,
                            help="a worker dying more often than this in 10 minutes stops everything")

    def handle(self, *args, host, port, concurrency, max_restarts, **options):
        logs = Path(settings.VAR_DIR) / "log"
        celery = [sys.executable, "-m", "celery", "-A", "webapp.config.celery_app", "worker", "--loglevel=info"]
        children = [
            Child("the episodes worker", [*celery, "--queues", "celery,episodes", f"--concurrency={concurrency}",
                                          "--hostname", "episodes@%h"], logs / "worker.log"),
            Child("the training worker", [*celery, "--queues", "training", "--concurrency=1",
                                          "--hostname", "training@%h"], logs / "training-worker.log"),
            Child("the web server (daphne)", [sys.executable, "-m", "daphne", "-b", host, "-p", str(port),
                                             "webapp.config.asgi:application"], restartable=False),
        ]

        def say(line: str) -> None:
            self.stdout.write(f"[serve] {line}")
            self.stdout.flush()

        code = Supervisor(children, say=say, max_restarts=max_restarts).run()
        if code:
            sys.exit(code)
