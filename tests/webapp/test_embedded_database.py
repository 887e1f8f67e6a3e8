"""Pages on the embedded default (SQLite under var/, what scripts/run serves), where a query PostgreSQL
answers can fail: each case runs in a subprocess with the local settings and nothing else set."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.helpers.environment import clean_env
from tests.webapp.conftest import REPO_ROOT

TRAJECTORY_FILTERS = """
import json
import django
django.setup()
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from tests.webapp.conftest import trajectory_document
from webapp.trajectories.models import Trajectory
from webapp.trajectories.services import save_trajectory
call_command("migrate", "--noinput", verbosity=0)
for episode, rules in [("lazy", ["done_without_verification"]), ("careful", []),
                       ("other", ["no_runtime_evidence", "xdone_without_verificationx"])]:
    save_trajectory(document=trajectory_document(episode))
    Trajectory.objects.filter(episode_id=episode).update(hard_rules=rules)
client = Client()
client.force_login(get_user_model().objects.create_user("ann", password="pw-ann-123"))
shown = {}
for name, query in [("rule", {"rule": "done_without_verification"}), ("job", {"job": "9" * 30}),
                    ("eval", {"eval": "9" * 30})]:
    response = client.get("/trajectories/", query)
    html = response.content.decode()
    rows = [e for e in ("lazy", "careful", "other") if f">{e}</code>" in html]
    shown[name] = [response.status_code, rows, html]
print(json.dumps(shown))
"""


@pytest.mark.slow
def test_the_trajectory_filters_answer_on_sqlite(tmp_path):
    """It was: ``?rule=done_without_verification`` a 500 on SQLite (no JSON containment there) and
    ``?job=<30 digits>`` an OverflowError 500."""
    env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local", STEPWISE_VAR_DIR=str(tmp_path),
                    DJANGO_ALLOWED_HOSTS="testserver")
    ran = subprocess.run([sys.executable, "-c", TRAJECTORY_FILTERS], cwd=REPO_ROOT, env=env, capture_output=True,
                         text=True, timeout=300)

    assert ran.returncode == 0, ran.stderr[-3000:]
    shown = json.loads(ran.stdout.strip().splitlines()[-1])
    assert shown["rule"][:2] == [200, ["lazy"]]
    for name in ("job", "eval"):
        status, _, html = shown[name]
        assert status == 200, name  # the bad filter is said on the form and ignored, like any other
        assert "Ensure this value is less than or equal to" in html, name
