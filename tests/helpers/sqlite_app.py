"""The web app on its embedded default (SQLite under a var folder of the test's own), in subprocesses:
what ``scripts/run`` starts when no DATABASE_URL or REDIS_URL is set. The web app tests run in-process
on PostgreSQL; this is how a test pins behaviour on SQLite, whose SQL differs (JSON lookups above all)."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from tests.helpers.environment import clean_env

REPO_ROOT = Path(__file__).resolve().parents[2]


class SqliteApp:
    """A migrated SQLite database in ``var``; ``run(code)`` runs Python with Django set up on it."""

    def __init__(self, var: Path):
        self.var = var
        self.env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local", STEPWISE_VAR_DIR=str(var))

    def manage(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        result = subprocess.run([sys.executable, "manage.py", *args], cwd=REPO_ROOT, env=self.env,
                                capture_output=True, text=True, timeout=timeout)
        assert result.returncode == 0, f"manage.py {' '.join(args)} failed:\n{result.stdout[-2000:]}{result.stderr[-3000:]}"
        return result

    def migrate(self) -> SqliteApp:
        self.manage("migrate", "--noinput", "-v0")
        return self

    def run(self, code: str, timeout: float = 300) -> str:
        """``code`` after django.setup(), in a fresh process; its stdout (it must exit 0)."""
        script = "import django; django.setup()\n" + textwrap.dedent(code)
        result = subprocess.run([sys.executable, "-c", script], cwd=REPO_ROOT, env=self.env, capture_output=True,
                                text=True, timeout=timeout)
        assert result.returncode == 0, result.stderr[-4000:]
        return result.stdout
