"""``manage.py check --deploy`` on the production settings reports nothing but the two HSTS choices a
site's operator makes (sub-domains, the preload list: DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS)."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.helpers.environment import clean_env
from tests.webapp.conftest import REPO_ROOT

OPERATOR_CHOICES = {"security.W005", "security.W021"}


@pytest.mark.slow
def test_the_deploy_check_is_clean_on_the_production_settings():
    env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.production", DJANGO_SECRET_KEY="aB3-x9Qz" * 8,
                    DJANGO_ALLOWED_HOSTS="stepwise.example.org", DATABASE_URL="postgres://u@db:5432/x",
                    STEPWISE_TRUSTED_PROXIES="127.0.0.1", STEPWISE_ENDPOINT_ALLOWED_HOSTS="127.0.0.1")

    ran = subprocess.run([sys.executable, "manage.py", "check", "--deploy"], cwd=REPO_ROOT, env=env,
                         capture_output=True, text=True, timeout=120)

    assert ran.returncode == 0, ran.stderr[-3000:]
    reported = set(re.findall(r"\(([a-z_]+\.[EW]\d+)\)", ran.stdout + ran.stderr))
    assert reported <= OPERATOR_CHOICES, ran.stdout + ran.stderr
