"""/healthz: 200 only when all configured components work. Staff see every component's state as JSON;
anyone else only up or down. The channel layer counts as working only when a worker process's message
reaches the web process."""

import os

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_healthz_is_ok_when_a_real_worker_answers(admin_client, celery_worker):
    response = admin_client.get("/healthz")

    assert response.status_code == 200, response.content
    body = response.json()
    assert body["status"] == "ok"
    components = body["components"]
    assert components["database"] == {"name": "database", "ok": True, "detail": "postgresql answered",
                                      "configured": True}
    assert components["redis"]["ok"] and components["redis"]["configured"]
    assert components["channel_layer"]["detail"].startswith(
        f"RedisChannelLayer: delivered from worker test-{os.getpid()}@")
    assert components["celery_worker"]["ok"]
    assert components["celery_worker"]["detail"].startswith(f"worker test-{os.getpid()}@")


@pytest.mark.slow
def test_healthz_is_503_and_says_so_when_no_worker_answers(admin_client):
    response = admin_client.get("/healthz")

    assert response.status_code == 503
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["status"] == "unhealthy"
    assert body["components"]["celery_worker"]["ok"] is False
    assert "no worker answered a ping" in body["components"]["celery_worker"]["detail"]
    layer = body["components"]["channel_layer"]
    assert layer["ok"] is False and layer["detail"].startswith("not checked: no worker answered")
    assert body["components"]["database"]["ok"]


@pytest.mark.slow
def test_healthz_fails_a_layer_that_cannot_carry_a_worker_message_to_the_web_process(admin_client, celery_worker):
    with override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        response = admin_client.get("/healthz")

    assert response.status_code == 503
    layer = response.json()["components"]["channel_layer"]
    assert layer["ok"] is False
    assert "InMemoryChannelLayer does not carry messages between processes" in layer["detail"]


@pytest.mark.slow
def test_healthz_reports_an_unreachable_redis_without_a_traceback(admin_client):
    with override_settings(REDIS_URL="redis://127.0.0.1:1/0"):
        response = admin_client.get("/healthz")

    assert response.status_code == 503
    redis_state = response.json()["components"]["redis"]
    assert redis_state["ok"] is False and redis_state["configured"] is True
    assert "ConnectionError" in redis_state["detail"] and "Traceback" not in redis_state["detail"]


def test_healthz_needs_no_login_and_only_answers_get(client):
    assert client.post("/healthz").status_code == 405


@pytest.mark.slow
def test_anonymous_healthz_says_only_up_or_down_and_names_no_host(client, celery_worker):
    up = client.get("/healthz")

    assert up.status_code == 200
    assert up.json() == {"status": "ok"}
    assert "redis" not in up.content.decode() and "worker" not in up.content.decode()


@pytest.mark.slow
def test_anonymous_healthz_down_names_no_address(client):
    with override_settings(REDIS_URL="redis://127.0.0.1:1/0"):
        down = client.get("/healthz")

    assert down.status_code == 503
    assert down.json() == {"status": "unhealthy"}


@pytest.mark.slow
def test_a_signed_in_non_staff_user_gets_only_up_or_down_too(client, django_user_model):
    client.force_login(django_user_model.objects.create_user("annotator", password="x"))

    assert set(client.get("/healthz").json()) == {"status"}
