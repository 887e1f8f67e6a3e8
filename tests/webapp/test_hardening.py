"""The usual hardening, each from a reproduction: an id too large for a key is the app's 404 (it was a
500 from OverflowError), an unknown websocket path is refused with a close code (it was a 500)."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

pytestmark = pytest.mark.django_db

THIRTY_NINES = "9" * 30
APP_NOT_FOUND = "There is no page at this address"


@pytest.fixture
def signed_in(client, make_user):
    client.force_login(make_user("ann"))
    return client


@pytest.mark.parametrize("path", [
    f"/evals/compare/?run={THIRTY_NINES}&run=1",
    f"/evals/compare/calls.png?run={THIRTY_NINES}&run=1",
    f"/jobs/{THIRTY_NINES}/",
    f"/jobs/compare/?job={THIRTY_NINES}&job=1",
    "/jobs/compare/?job=%C2%B2",
    f"/jobs/{2**63}/",
    f"/evals/{THIRTY_NINES}/",
    f"/episodes/{THIRTY_NINES}/",
    f"/trajectories/ep-1/turn/{THIRTY_NINES}/",
    "/evals/compare/?run=%C2%B2&run=1",  # "²" passes str.isdigit() but is no number int() reads
])
def test_an_out_of_range_or_odd_id_is_the_apps_404(signed_in, path):
    response = signed_in.get(path)

    assert response.status_code == 404
    assert APP_NOT_FOUND in response.content.decode()


def test_the_largest_key_still_reaches_the_view_and_is_simply_not_found(signed_in):
    response = signed_in.get(f"/jobs/{2**63 - 1}/")

    assert response.status_code == 404


def application_socket(path: str, user=None) -> WebsocketCommunicator:
    from webapp.config.asgi import application

    communicator = WebsocketCommunicator(application, path, headers=[(b"origin", b"http://localhost"),
                                                                       (b"host", b"localhost")])
    if user is not None:
        communicator.scope["user"] = user
    return communicator


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("path", ["/ws/nothing-here/", "/", f"/ws/jobs/{THIRTY_NINES}/"])
def test_an_unknown_websocket_path_with_a_valid_origin_is_closed_with_4404(path):
    async def scenario():
        sock = application_socket(path, AnonymousUser())
        return await sock.connect(timeout=10)

    assert async_to_sync(scenario)() == (False, 4404)


QUICK_START_PAGES = """
import json
import django
django.setup()
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
call_command("migrate", "--noinput", verbosity=0)
user = get_user_model().objects.create_user("ann", password="pw-ann-123")
anonymous, signed_in = Client(), Client()
signed_in.force_login(user)
pages = {}
for name, client, path in [("anonymous_404", anonymous, "/accounts/nothing-here/"),
                           ("signed_in_404", signed_in, "/nothing-here/"),
                           ("bad_id", signed_in, "/evals/compare/?run=%s&run=1"),
                           ("bad_job", signed_in, "/jobs/%s/")]:
    response = client.get(path)
    pages[name] = [response.status_code, response.content.decode()]
static = anonymous.get("/static/webapp/stepwise.css")
pages["static"] = [static.status_code, b"".join(static.streaming_content).decode()[:200]]
print(json.dumps(pages))
""".replace("%s", THIRTY_NINES)


@pytest.mark.slow
def test_the_quick_start_settings_show_the_apps_pages_and_no_internals(tmp_path):
    """What scripts/run serves (the local settings, SQLite under var/, nothing else set): a 404 and an
    id no key can hold are the app's "not found" page, never Django's debug page with the URL patterns
    and settings (it was, and the id a 500 from SQLite's OverflowError)."""
    import json
    import subprocess
    import sys

    from tests.helpers.environment import clean_env
    from tests.webapp.conftest import REPO_ROOT

    env = clean_env(DJANGO_SETTINGS_MODULE="webapp.config.settings.local", STEPWISE_VAR_DIR=str(tmp_path),
                    DJANGO_ALLOWED_HOSTS="testserver")
    shown = subprocess.run([sys.executable, "-c", QUICK_START_PAGES], cwd=REPO_ROOT, env=env, capture_output=True,
                           text=True, timeout=300)

    assert shown.returncode == 0, shown.stderr[-3000:]
    pages = json.loads(shown.stdout.strip().splitlines()[-1])
    status, css = pages.pop("static")
    assert status == 200 and css.strip(), "static files must still be served with DEBUG off"
    for name, (status, html) in pages.items():
        assert status == 404, (name, status)
        assert APP_NOT_FOUND in html, name
        for internal in ("URLconf", "urlpatterns", "SECRET_KEY", "Traceback", "OverflowError", "DEBUG = True"):
            assert internal not in html, (name, internal)


@pytest.mark.parametrize("login_path", ["/accounts/login/", "/admin/login/"])
def test_after_five_wrong_passwords_the_right_one_is_refused_for_the_cool_off(client, django_user_model,
                                                                                login_path):
    """It was: 50 wrong passwords in 14 s, then the right one logged in (the admin login the same)."""
    django_user_model.objects.create_user("ann", password="right-password-123", is_staff=True)
    for _ in range(5):
        wrong = client.post(login_path, {"username": "ann", "password": "wrong"})
        assert wrong.status_code in (200, 429)

    refused = client.post(login_path, {"username": "ann", "password": "right-password-123"})

    assert refused.status_code == 429
    page = refused.content.decode()
    assert "Too many failed logins" in page and "0:15:00" in page
    assert "_auth_user_id" not in client.session


def test_a_few_wrong_passwords_then_the_right_one_still_logs_in(client, django_user_model):
    django_user_model.objects.create_user("ann", password="right-password-123")
    for _ in range(3):
        client.post("/accounts/login/", {"username": "ann", "password": "wrong"})

    response = client.post("/accounts/login/", {"username": "ann", "password": "right-password-123"})

    assert response.status_code == 302 and "_auth_user_id" in client.session


def test_an_admin_deletes_a_trajectory_with_steps_and_the_deletion_is_recorded(client, annotation_data):
    """It was: the delete answered 403 for any trajectory with steps (the steps are not deletable alone)."""
    from django.contrib.admin.models import DELETION, LogEntry

    from webapp.trajectories.models import Step, Trajectory

    sam, trajectory = annotation_data["sam"], annotation_data["base"]
    sam.is_superuser = True
    sam.save()
    assert Step.objects.filter(trajectory=trajectory).exists()
    client.force_login(sam)

    response = client.post(f"/admin/trajectories/trajectory/{trajectory.pk}/delete/", {"post": "yes"})

    assert response.status_code == 302
    assert not Trajectory.objects.filter(pk=trajectory.pk).exists()
    assert not Step.objects.filter(trajectory_id=trajectory.pk).exists()
    entry = LogEntry.objects.get(object_id=str(trajectory.pk), action_flag=DELETION)
    assert entry.user == sam and entry.object_repr == str(trajectory)


def test_staff_who_are_not_admins_cannot_delete_a_trajectory(client, annotation_data):
    from webapp.trajectories.models import Trajectory

    client.force_login(annotation_data["sam"])  # staff, not superuser
    trajectory = annotation_data["base"]

    response = client.post(f"/admin/trajectories/trajectory/{trajectory.pk}/delete/", {"post": "yes"})

    assert response.status_code == 403
    assert Trajectory.objects.filter(pk=trajectory.pk).exists()


def test_every_page_carries_a_csp_that_allows_only_this_sites_own_assets(signed_in):
    """It was: no Content-Security-Policy header at all."""
    for path in ("/", "/accounts/login/", "/nothing-here/"):
        policy = signed_in.get(path)["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'", path
        assert directives["default-src"] == "'self'" and directives["frame-ancestors"] == "'none'", path
        assert "unsafe-eval" not in policy and "http" not in policy, path


@pytest.mark.parametrize(("handler", "status", "text"), [
    ("server_error", 500, "Something went wrong"),
    ("permission_denied", 403, "Not allowed"),
    ("bad_request", 400, "Bad request"),
])
def test_the_error_pages_are_the_apps_own_in_its_layout(rf, handler, status, text):
    from django.core.exceptions import PermissionDenied
    from django.views import defaults

    request = rf.get("/somewhere/")
    view = getattr(defaults, handler)
    response = view(request) if handler == "server_error" else view(request, PermissionDenied())

    assert response.status_code == status
    page = response.content.decode()
    assert text in page and 'class="topbar"' in page and "/static/webapp/stepwise.css" in page


def wrong_passwords(client, times: int, **meta) -> None:
    for _ in range(times):
        client.post("/accounts/login/", {"username": "ann", "password": "wrong"}, **meta)


def test_behind_a_trusted_proxy_one_clients_wrong_passwords_do_not_lock_out_the_others(client, django_user_model,
                                                                                       settings):
    """It was: behind the documented TLS proxy every client shared its address, so five wrong passwords
    locked the user out for everyone for 15 minutes."""
    settings.STEPWISE_TRUSTED_PROXIES = ["127.0.0.1"]
    django_user_model.objects.create_user("ann", password="right-password-123")
    wrong_passwords(client, 5, REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.66")

    locked = client.post("/accounts/login/", {"username": "ann", "password": "right-password-123"},
                         REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="203.0.113.66")
    other = client.post("/accounts/login/", {"username": "ann", "password": "right-password-123"},
                        REMOTE_ADDR="127.0.0.1", HTTP_X_FORWARDED_FOR="198.51.100.7")

    assert locked.status_code == 429
    assert other.status_code == 302 and "_auth_user_id" in client.session


def test_a_client_not_behind_a_trusted_proxy_cannot_dodge_the_lockout_with_forwarded_addresses(
        client, django_user_model, settings):
    settings.STEPWISE_TRUSTED_PROXIES = ["10.0.0.0/8"]
    django_user_model.objects.create_user("ann", password="right-password-123")
    for n in range(5):
        wrong_passwords(client, 1, REMOTE_ADDR="192.0.2.10", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}")

    refused = client.post("/accounts/login/", {"username": "ann", "password": "right-password-123"},
                          REMOTE_ADDR="192.0.2.10", HTTP_X_FORWARDED_FOR="203.0.113.200")

    assert refused.status_code == 429
