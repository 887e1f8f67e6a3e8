"""Model endpoints as records: a web-launched spec never carries a URL, the worker's key goes only to the
URL an admin registered, and an endpoint's error is stored as its status line, never its body. Real
loopback HTTP servers, a real Celery worker, the real database."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from harness.policies import EndpointError, PolicyError
from tests.helpers.jobs import wait_for_job
from webapp.endpoints.models import ModelEndpoint
from webapp.endpoints.policies import web_policy
from webapp.runs.kinds.policies import job_policy
from webapp.runs.models import Episode, Job
from webapp.runs.registry import JobFailure, JobParamsError
from webapp.runs.services import create_job

KEY = "sk-the-workers-own-key-0451"
# The listeners are on loopback, which a record may name only where the operator allows it.
ALLOW_LOOPBACK = {"STEPWISE_ENDPOINT_ALLOWED_HOSTS": "127.0.0.1", "STEPWISE_ENDPOINT_KEY_PREFIXES": "VLLM_"}
BODY_SECRET = "internal-detail-from-the-endpoint-body-7731"


class Listener:
    """A real http.server on loopback that records every request's path and Authorization header and
    answers 401 with a JSON body that must never reach a trajectory."""

    def __init__(self):
        self.requests: list[tuple[str, str]] = []
        listener = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                length = int(self.headers.get("content-length") or 0)
                self.rfile.read(length)
                listener.requests.append((self.path, self.headers.get("authorization") or ""))
                body = json.dumps({"error": {"message": f"bad key; {BODY_SECRET}"}}).encode()
                self.send_response(401)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _answer

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True,
                                       kwargs={"poll_interval": 0.05})  # shutdown() waits out one poll: 0.5 s by default
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(autouse=True)
def _loopback_allowed(settings):
    settings.STEPWISE_ENDPOINT_ALLOWED_HOSTS = ["127.0.0.1"]
    settings.STEPWISE_ENDPOINT_KEY_PREFIXES = ["VLLM_"]


@pytest.fixture
def listeners():
    made = [Listener(), Listener()]
    yield made
    for listener in made:
        listener.close()


def episode_params(policy: str) -> dict:
    return {"task": "counter_reset", "arm": "dbg", "policy": policy, "script": "", "max_turns": 3, "sandbox": "bwrap"}


@pytest.mark.django_db
def test_a_web_spec_naming_a_url_is_refused_by_the_form_the_service_and_the_worker(
        listeners, catalog_task, make_user, monkeypatch):
    monkeypatch.setenv("STEPWISE_OPENAI_API_KEY", KEY)
    attacker = listeners[1]
    client = Client()
    client.force_login(make_user("ann"))
    spec = f"openai:m?base_url={attacker.url}"

    page = client.post(reverse("launch", args=["episode"]), {**episode_params(spec), "max_turns": 3})

    assert page.status_code == 400
    assert "cannot name a model server" in page.content.decode() and not Job.objects.exists()
    with pytest.raises(JobParamsError, match="pick a registered endpoint as endpoint:NAME"):
        create_job(kind="episode", params=episode_params(spec), enqueue=False)
    for stored in (spec, "openai:m"):  # arguments stored around the form are checked again where they run
        with pytest.raises(JobFailure, match="cannot name a model server"):
            job_policy(stored, "", job_id=1)
    assert attacker.requests == []


@pytest.mark.django_db
def test_a_registered_endpoint_is_the_only_place_its_key_goes_and_its_options_cannot_move_it(
        listeners, monkeypatch):
    registered, attacker = listeners
    monkeypatch.setenv("VLLM_TEST_KEY", KEY)
    monkeypatch.setenv("STEPWISE_OPENAI_API_KEY", "sk-default-key-never-for-endpoints")
    ModelEndpoint.objects.create(name="local-vllm", base_url=registered.url, api_key_env="VLLM_TEST_KEY",
                                 model="Qwen/Qwen3-Coder", max_tokens=256)
    ModelEndpoint.objects.create(name="keyless", base_url=registered.url, model="m")

    with pytest.raises(PolicyError, match="cannot be set from the web app"):
        web_policy(f"endpoint:local-vllm?base_url={attacker.url}")
    policy = web_policy("endpoint:local-vllm?max_tokens=100000&temperature=0.3")
    assert policy.max_tokens == 256 and policy.base_url == registered.url  # capped at the record's limit
    with pytest.raises(EndpointError) as refused:
        policy.act([{"role": "user", "content": "hi"}], [])
    keyless = web_policy("endpoint:keyless")
    with pytest.raises(EndpointError, match="it was sent no key"):
        keyless.act([{"role": "user", "content": "hi"}], [])

    assert "HTTP 401 Unauthorized" in str(refused.value) and BODY_SECRET not in str(refused.value)
    assert registered.requests == [("/v1/chat/completions", f"Bearer {KEY}"), ("/v1/chat/completions", "")]
    assert attacker.requests == []
    assert policy.info().params["api_key_env"] == "VLLM_TEST_KEY" and KEY not in json.dumps(policy.info().params)


@pytest.mark.slow
def test_an_episode_launched_with_a_registered_endpoint_stores_the_status_line_not_the_body(
        listeners, start_worker, catalog_task, make_user):
    registered, attacker = listeners
    start_worker(env={"VLLM_TEST_KEY": KEY, "STEPWISE_OPENAI_BASE_URL": attacker.url, **ALLOW_LOOPBACK})
    ModelEndpoint.objects.create(name="local-vllm", base_url=registered.url, api_key_env="VLLM_TEST_KEY",
                                 model="Qwen/Qwen3-Coder")
    client = Client()
    client.force_login(make_user("ann"))
    page = client.post(reverse("launch", args=["episode"]), {**episode_params(""), "endpoint": "local-vllm"})
    assert page.status_code == 302, page.content.decode()[:2000]
    job = Job.objects.get()
    assert job.params["policy"] == "endpoint:local-vllm"

    job = wait_for_job(job)

    episode = Episode.objects.select_related("trajectory").get(job=job)
    stored = json.dumps(episode.trajectory.document)
    assert episode.trajectory.record.result.exit_reason == "infra_error", job.error
    assert "HTTP 401 Unauthorized" in stored
    assert BODY_SECRET not in stored and BODY_SECRET not in (job.error or "") and KEY not in stored
    assert {auth for _, auth in registered.requests} == {f"Bearer {KEY}"}
    assert attacker.requests == []


@pytest.mark.django_db
def test_an_endpoint_record_refuses_a_key_in_place_of_a_variable_name_and_credentials_in_the_url():
    endpoint = ModelEndpoint(name="x", base_url="http://user:pw@127.0.0.1:1/v1", api_key_env="sk-123 456", model="m")
    with pytest.raises(ValidationError) as refused:
        endpoint.full_clean()
    assert {"base_url", "api_key_env"} <= set(refused.value.message_dict)


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["http://[::1]:8000/v1", "http://0.0.0.0:8000/v1", "http://localhost:8000/v1",
                                 "http://LOCALHOST./v1", "http://127.1:8000/v1", "http://2130706433/v1",
                                 "http://[::]:8000/v1", "http://169.254.169.254/latest", "http://x.localhost/v1"])
def test_an_endpoint_on_a_loopback_wildcard_or_link_local_host_is_refused_unless_allowed(url, settings):
    """It was: [::1], 0.0.0.0 and localhost saved, and the workers sent their key there."""
    settings.STEPWISE_ENDPOINT_ALLOWED_HOSTS = []
    endpoint = ModelEndpoint(name="x", base_url=url, api_key_env="VLLM_API_KEY", model="m")
    with pytest.raises(ValidationError) as refused:
        endpoint.full_clean()
    assert "STEPWISE_ENDPOINT_ALLOWED_HOSTS" in " ".join(refused.value.message_dict["base_url"])

    ModelEndpoint.objects.create(name="saved-before", base_url=url, model="m")  # a record stored earlier
    with pytest.raises(PolicyError, match="cannot be used"):
        web_policy("endpoint:saved-before")


@pytest.mark.django_db
def test_an_endpoint_on_a_named_server_or_an_allowed_host_is_saved(settings):
    settings.STEPWISE_ENDPOINT_ALLOWED_HOSTS = ["localhost"]
    for url in ("http://vllm.internal:8000/v1", "https://models.internal.example/v1", "http://10.0.0.5:8000/v1",
                "http://localhost:8000/v1"):
        ModelEndpoint(name="x", base_url=url, api_key_env="VLLM_API_KEY_2", model="m").full_clean()


@pytest.mark.django_db
@pytest.mark.parametrize("variable", ["DJANGO_SETTINGS_MODULE", "DJANGO_SECRET_KEY", "DATABASE_URL", "PATH"])
def test_a_key_variable_outside_the_allowed_prefixes_is_refused(variable, settings, monkeypatch):
    """It was: DJANGO_SETTINGS_MODULE accepted, and its value sent as a bearer token."""
    settings.STEPWISE_ENDPOINT_KEY_PREFIXES = ["STEPWISE_KEY_", "VLLM_API_KEY"]
    endpoint = ModelEndpoint(name="x", base_url="http://vllm:8000/v1", api_key_env=variable, model="m")
    with pytest.raises(ValidationError) as refused:
        endpoint.full_clean()
    assert "STEPWISE_ENDPOINT_KEY_PREFIXES" in " ".join(refused.value.message_dict["api_key_env"])
    ModelEndpoint.objects.create(name="saved-before", base_url="http://vllm:8000/v1", api_key_env=variable, model="m")
    with pytest.raises(PolicyError, match="not a key variable"):
        web_policy("endpoint:saved-before")


@pytest.mark.django_db
@pytest.mark.parametrize("option", ["temperature=nan", "temperature=inf", "top_p=-inf", "temperature=NaN"])
def test_a_non_finite_sampling_option_is_refused_by_the_form(option, catalog_task, make_user):
    """It was: ``temperature=nan`` passed the form and failed the job with an IntegrityError."""
    ModelEndpoint.objects.create(name="vllm", base_url="http://vllm:8000/v1", model="m")
    client = Client()
    client.force_login(make_user("ann"))

    page = client.post(reverse("launch", args=["episode"]), episode_params(f"endpoint:vllm?{option}"))

    assert page.status_code == 400
    assert "must be a finite number" in page.content.decode() and not Job.objects.exists()
    with pytest.raises(JobParamsError, match="must be a finite number"):
        create_job(kind="episode", params=episode_params(f"endpoint:vllm?{option}"), enqueue=False)




@pytest.mark.django_db
def test_an_admin_registers_an_endpoint_in_the_admin_and_the_launch_form_offers_it_by_name(make_user):
    admin_client, annotator = Client(), Client()
    admin_client.force_login(make_user("root", is_staff=True, is_superuser=True))
    annotator.force_login(make_user("ann"))
    add = reverse("admin:endpoints_modelendpoint_add")

    saved = admin_client.post(add, {"name": "qwen-vllm", "base_url": "http://127.0.0.1:8001/v1",
                                    "api_key_env": "VLLM_API_KEY", "model": "Qwen/Qwen3-Coder", "max_tokens": 1024,
                                    "max_concurrent_requests": 4, "timeout_s": 60, "tool_call_format": "native",
                                    "enabled": "on", "note": ""})

    assert saved.status_code == 302, saved.content.decode()[:1000]
    assert ModelEndpoint.objects.get().api_key_env == "VLLM_API_KEY"
    assert annotator.get(add).status_code == 302  # not staff: sent to the admin's login
    form = annotator.get(reverse("launch", args=["eval"])).content.decode()
    assert '<option value="qwen-vllm">qwen-vllm</option>' in form
