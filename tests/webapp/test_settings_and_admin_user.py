"""Settings from the environment (embedded default, production's refusals) and the admin bootstrap."""

import json
import subprocess
import sys
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import override_settings

from tests.helpers.environment import clean_env
from tests.webapp.conftest import REPO_ROOT


def run_python(code: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_with_nothing_set_the_app_needs_no_server(tmp_path):
    shown = run_python(
        "import json; from django.conf import settings as s; print(json.dumps({"
        "'db': s.DATABASES['default']['ENGINE'], 'layer': s.CHANNEL_LAYERS['default']['BACKEND'], "
        "'broker': s.CELERY_BROKER_URL, 'results': s.CELERY_RESULT_BACKEND, 'debug': s.DEBUG, "
        "'events': [s.CELERY_WORKER_SEND_TASK_EVENTS, s.CELERY_TASK_SEND_SENT_EVENT], "
        "'key': bool(s.SECRET_KEY)}))",
        clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local", STEPWISE_VAR_DIR=str(tmp_path)))

    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout) == {
        "db": "django.db.backends.sqlite3", "layer": "webapp.live.layers.LocalSocketChannelLayer",
        "broker": "filesystem://", "results": f"file://{tmp_path}/celery/results", "debug": False,
        "events": [True, True], "key": True}
    assert (tmp_path / "secret_key").stat().st_mode & 0o777 == 0o600


def test_with_urls_set_the_app_uses_postgresql_and_redis(tmp_path):
    shown = run_python(
        "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'], "
        "s.CHANNEL_LAYERS['default']['BACKEND'], s.CELERY_BROKER_URL, s.CELERY_RESULT_BACKEND)",
        clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local", STEPWISE_VAR_DIR=str(tmp_path),
                  DATABASE_URL="postgres://u@db:5432/x", REDIS_URL="redis://cache:6379/1"))

    assert shown.stdout.split() == ["django.db.backends.postgresql", "channels_redis.core.RedisChannelLayer",
                                    "redis://cache:6379/1", "redis://cache:6379/1"]


@pytest.mark.slow
@pytest.mark.parametrize(("missing", "message"), [
    ("DJANGO_SECRET_KEY", "DJANGO_SECRET_KEY is not set: production needs a secret key"),
    ("DJANGO_ALLOWED_HOSTS", "DJANGO_ALLOWED_HOSTS is not set: list the host names"),
    ("DATABASE_URL", "DATABASE_URL is not set: production runs on PostgreSQL"),
])
def test_production_refuses_to_start_without_its_secrets(missing, message):
    env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.production", DJANGO_SECRET_KEY="aB3-x9" * 9,
                    DJANGO_ALLOWED_HOSTS="example.org", DATABASE_URL="postgres://u@db:5432/x")
    del env[missing]

    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=REPO_ROOT, env=env, capture_output=True,
                            text=True, timeout=120)

    assert result.returncode == 1
    assert message in result.stderr and "Traceback" not in result.stderr


def test_the_development_flag_turns_debug_on_explicitly(tmp_path):
    shown = run_python("from django.conf import settings as s; print(s.DEBUG)",
                       clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local", STEPWISE_VAR_DIR=str(tmp_path),
                                 STEPWISE_DEBUG="1"))

    assert shown.stdout.strip() == "True", shown.stderr


@pytest.mark.parametrize("key", ["x", "k" * 50, "test-only-not-secret", "django-insecure-" + "ab12" * 12])
def test_production_refuses_a_short_or_known_secret_key(key):
    env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.production", DJANGO_SECRET_KEY=key,
                    DJANGO_ALLOWED_HOSTS="example.org", DATABASE_URL="postgres://u@db:5432/x")

    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=REPO_ROOT, env=env, capture_output=True,
                            text=True, timeout=120)

    assert result.returncode == 1
    assert "DJANGO_SECRET_KEY is too weak" in result.stderr and "secrets.token_urlsafe(50)" in result.stderr
    assert "Traceback" not in result.stderr


def test_production_over_tls_redirects_to_https_and_sends_hsts_with_a_day_long_session():
    code = ("import json; from django.conf import settings as s; print(json.dumps([s.SECURE_SSL_REDIRECT, "
            "s.SECURE_HSTS_SECONDS, s.SESSION_COOKIE_SECURE, s.SESSION_COOKIE_AGE, s.SECURE_REDIRECT_EXEMPT]))")
    base = dict(DJANGO_SETTINGS_MODULE="webapp.config.settings.production", DJANGO_SECRET_KEY="aB3-x9" * 9,
                DJANGO_ALLOWED_HOSTS="example.org", DATABASE_URL="postgres://u@db:5432/x")

    over_tls = run_python(code, clean_env(**base))
    plain_http = run_python(code, clean_env(**base, DJANGO_SECURE_COOKIES="0"))

    assert json.loads(over_tls.stdout) == [True, 31536000, True, 12 * 3600, ["^healthz$"]], over_tls.stderr
    assert json.loads(plain_http.stdout)[:3] == [False, 0, False]


def test_an_unusable_database_url_is_named_with_an_example(tmp_path):
    env = clean_env(DATABASE_URL="mysqlx://db/x", STEPWISE_VAR_DIR=str(tmp_path))

    result = subprocess.run([sys.executable, "manage.py", "check"], cwd=REPO_ROOT, env=env, capture_output=True,
                            text=True, timeout=120)

    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert "error: DATABASE_URL='mysqlx://db/x' cannot be used" in result.stderr
    assert "expected e.g. postgres://user:password@host:5432/stepwise" in result.stderr


@pytest.mark.slow
def test_an_unreachable_database_is_a_one_line_error(tmp_path):
    env = clean_env(DATABASE_URL="postgres://postgres@127.0.0.1:1/stepwise", STEPWISE_VAR_DIR=str(tmp_path))

    result = subprocess.run([sys.executable, "manage.py", "migrate"], cwd=REPO_ROOT, env=env, capture_output=True,
                            text=True, timeout=120)

    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith("error: the database cannot be used (connection failed")
    assert result.stderr.rstrip().endswith("start it (scripts/services) or fix DATABASE_URL")


@pytest.mark.django_db
def test_the_admin_user_is_made_once_and_its_password_printed_again(tmp_path, monkeypatch):
    monkeypatch.delenv("STEPWISE_ADMIN_PASSWORD", raising=False)
    monkeypatch.delenv("STEPWISE_ADMIN_USER", raising=False)
    first, second = StringIO(), StringIO()

    with override_settings(VAR_DIR=tmp_path):
        call_command("ensure_admin", stdout=first)
        call_command("ensure_admin", stdout=second)

    password = (tmp_path / "admin-password").read_text().strip()
    user = get_user_model().objects.get(username="admin")
    assert get_user_model().objects.count() == 1
    assert user.is_superuser and user.check_password(password)
    assert f"admin user 'admin' created; password: {password}" in first.getvalue()
    assert f"admin user 'admin' exists; password: {password}" in second.getvalue()


@pytest.mark.django_db
def test_the_admin_password_from_the_environment_wins(tmp_path, monkeypatch):
    monkeypatch.setenv("STEPWISE_ADMIN_USER", "root")
    monkeypatch.setenv("STEPWISE_ADMIN_PASSWORD", "from-env-123")

    with override_settings(VAR_DIR=tmp_path):
        call_command("ensure_admin", stdout=StringIO())
        monkeypatch.setenv("STEPWISE_ADMIN_PASSWORD", "rotated-456")
        call_command("ensure_admin", stdout=StringIO())

    user = get_user_model().objects.get(username="root")
    assert user.check_password("rotated-456") and not (tmp_path / "admin-password").exists()


HEALTH_UNTIL_WORKER_ANSWERS = """
import json, time
import django
django.setup()
from django.test import Client
from webapp.core.health import health_report
deadline = time.monotonic() + 90  # waiting for the worker to start on a loaded machine
while True:
    response = Client().get("/healthz")  # anonymous: up or down only
    if response.status_code == 200 or time.monotonic() > deadline:
        break
print(json.dumps({"code": response.status_code, "anonymous": response.json(), **health_report().to_dict()}))
"""


@pytest.mark.slow
def test_healthz_in_the_embedded_default_sees_a_real_worker_over_the_filesystem(tmp_path):
    env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local", STEPWISE_VAR_DIR=str(tmp_path),
                    DJANGO_ALLOWED_HOSTS="testserver")
    worker = subprocess.Popen([sys.executable, "-m", "celery", "-A", "webapp.config.celery_app", "worker",
                               "--pool", "solo", "--without-gossip", "--without-mingle", "--without-heartbeat"],
                              cwd=REPO_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        shown = run_python(HEALTH_UNTIL_WORKER_ANSWERS, env)
    finally:
        worker.terminate()
        worker.wait(timeout=30)

    assert shown.returncode == 0, shown.stderr
    body = json.loads(shown.stdout)
    assert (body["code"], body["status"], body["anonymous"]) == (200, "ok", {"status": "ok"})
    assert body["components"]["database"]["detail"] == "sqlite answered"
    assert body["components"]["redis"] == {"name": "redis", "ok": True, "configured": False,
                                           "detail": "not configured (embedded default)"}
    # Delivered from the worker's own process to the web process, not a round trip inside one.
    assert body["components"]["channel_layer"]["detail"].startswith("LocalSocketChannelLayer: delivered from worker celery@")
    assert body["components"]["celery_worker"]["ok"]
