"""The route x role matrix: every URL of the site and every websocket route has a decision for the
anonymous visitor, an annotator, a researcher and an admin, and each decision is what the app answers.

``ROUTES`` names each route by its URL pattern (as ``django.urls.get_resolver`` enumerates it) with
the method it is tried with, sample values for its URL arguments, and the answer per role:
an HTTP status, or ``LOGIN`` (a redirect to a login page). A route added without a row here fails
``test_every_route_has_a_decision``; one whose answer changes fails the matrix. The admin site is one
family (``admin/``): its index and user and job lists are tried, and every other admin URL is held
to the same decision by the prefix.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings
from django.urls import URLPattern, URLResolver, get_resolver

from tests.webapp.conftest import trajectory_document
from webapp.config.routing import websocket_urlpatterns
from webapp.runs.services import create_job
from webapp.trajectories.services import save_trajectory

LOGIN = "login"
UP_OR_DOWN = "200 or 503"  # /healthz answers everyone; its status is the system's health
ROLES = ("anonymous", "annotator", "researcher", "admin")


@dataclass(frozen=True)
class Route:
    method: str
    kwargs: dict
    answers: tuple  # one per role of ROLES
    data: dict | None = None
    json: bool = False  # send ``data`` as a JSON body


def everyone(status, *, anonymous=LOGIN) -> tuple:
    return (anonymous, status, status, status)


EP, TASK = "ep-1", "counter_reset"
# the sample objects (made by ``world``): the researcher's episode job and its episode, a trajectory, a task
JOB, EPISODE, EVAL = "<job>", "<episode>", "<eval>"

ROUTES: dict[str, Route] = {
    "healthz": Route("GET", {}, everyone(UP_OR_DOWN, anonymous=UP_OR_DOWN)),
    "favicon.ico": Route("GET", {}, everyone(200, anonymous=200)),
    "highlight.css": Route("GET", {}, everyone(200, anonymous=200)),
    # the documentation site: every logged-in user (it describes the internals); a missing file is a 404
    "docs/": Route("GET", {}, everyone(302)),
    "docs/<path:path>": Route("GET", {"path": "no-such-page.html"}, everyone(404)),
    "accounts/login/": Route("GET", {}, everyone(200, anonymous=200)),
    "accounts/logout/": Route("POST", {}, everyone(302)),
    "accounts/password_change/": Route("GET", {}, everyone(200)),
    "accounts/password_change/done/": Route("GET", {}, everyone(200)),
    "trajectories/": Route("GET", {}, everyone(200)),
    "trajectories/<str:episode_id>/": Route("GET", {"episode_id": EP}, everyone(200)),
    "trajectories/<str:episode_id>/turn/<id:turn>/": Route("GET", {"episode_id": EP, "turn": 1}, everyone(200)),
    "trajectories/<str:episode_id>/turn/<id:turn>/panel/": Route("GET", {"episode_id": EP, "turn": 1},
                                                                  everyone(200)),
    "trajectories/<str:episode_id>/step/<id:index>/observation/": Route("GET", {"episode_id": EP, "index": 1},
                                                                        everyone(200)),
    "trajectories/<str:episode_id>/side-by-side/": Route("GET", {"episode_id": EP}, everyone(200)),
    "trajectories/<str:episode_id>/review/": Route("GET", {"episode_id": EP}, everyone(200)),
    "trajectories/<str:episode_id>/review/link/": Route("POST", {"episode_id": EP}, everyone(400)),
    "trajectories/<str:episode_id>/review/verdict/": Route("POST", {"episode_id": EP}, everyone(302)),
    "reviews/": Route("GET", {}, everyone(200)),
    "": Route("GET", {}, everyone(200)),
    "tasks/<str:name>/": Route("GET", {"name": TASK}, everyone(200)),
    "label/": Route("GET", {}, everyone(302)),
    "label/<str:name>/": Route("GET", {"name": TASK}, everyone(200)),
    "labels/disagreements/": Route("GET", {}, everyone(200)),
    "labels/disagreements/<str:name>/": Route("POST", {"name": TASK}, (LOGIN, 403, 403, 302),
                                              data={"preference": "avoid"}),
    "labels/contradictions/": Route("GET", {}, everyone(200)),
    "export/": Route("GET", {}, everyone(200)),
    "export/dataset.zip": Route("GET", {}, everyone(200)),
    "export/<str:kind>.jsonl": Route("GET", {"kind": "labels"}, everyone(200)),
    "jobs/": Route("GET", {}, everyone(200)),
    # training runs compared: every signed-in user, each seeing only the runs they may follow (test_run_compare)
    "jobs/compare/": Route("GET", {}, everyone(200)),
    "jobs/new/": Route("GET", {}, (LOGIN, 403, 200, 200)),
    "jobs/new/<str:kind>/": Route("GET", {"kind": "eval"}, (LOGIN, 403, 200, 200)),
    "jobs/<id:job_id>/": Route("GET", {"job_id": JOB}, (LOGIN, 404, 200, 200)),
    "jobs/<id:job_id>/cancel/": Route("POST", {"job_id": JOB}, (LOGIN, 404, 302, 302)),
    "jobs/<id:job_id>/retry/": Route("POST", {"job_id": JOB}, (LOGIN, 404, 302, 302)),
    "jobs/<id:job_id>/report/": Route("GET", {"job_id": JOB}, (LOGIN, 404, 404, 404)),
    "evals/": Route("GET", {}, everyone(200)),
    "evals/compare/": Route("GET", {}, everyone(302)),
    "evals/compare/<str:name>.png": Route("GET", {"name": "solve_rate"}, everyone(404)),
    "evals/<id:eval_id>/": Route("GET", {"eval_id": 999999}, everyone(404)),
    "evals/<id:eval_id>/<str:name>.png": Route("GET", {"eval_id": 999999, "name": "solve_rate"}, everyone(404)),
    "live/": Route("GET", {}, everyone(200)),
    "live/sessions/": Route("POST", {}, (LOGIN, 403, 302, 302), data={"task": TASK, "arm": "dbg"}),
    "episodes/<id:episode_pk>/": Route("GET", {"episode_pk": EPISODE}, everyone(200)),
    "episodes/<id:episode_pk>/turn/<id:turn>/": Route("GET", {"episode_pk": EPISODE, "turn": 1}, everyone(200)),
    "episodes/<id:episode_pk>/turn/<id:turn>/panel/": Route("GET", {"episode_pk": EPISODE, "turn": 1},
                                                              everyone(200)),
    # a well-formed call: refused (409) for all, the annotator for the role, the others because a policy plays it
    "episodes/<id:episode_pk>/calls/": Route("POST", {"episode_pk": EPISODE}, (LOGIN, 409, 409, 409),
                                              data={"name": "bash", "arguments": {"command": "ls"}}, json=True),
}

# The admin site: staff only (an admin); everyone else is sent to the admin's login page.
ADMIN_PREFIX = "admin/"
ADMIN_SAMPLES = ["/admin/", "/admin/auth/user/", "/admin/runs/job/", "/admin/catalog/task/"]
ADMIN_ANSWERS = (LOGIN, LOGIN, LOGIN, 200)

# Websocket routes: (sample path, answer per role): True = accepted, or the close code of the refusal.
WEBSOCKETS: dict[str, tuple[str, tuple]] = {
    "ws/jobs/": ("/ws/jobs/", (4401, True, True, True)),
    "ws/jobs/<id:job_id>/": (f"/ws/jobs/{JOB}/", (4401, 4403, True, True)),
    "ws/episodes/<id:episode_id>/": (f"/ws/episodes/{EPISODE}/", (4401, True, True, True)),
    "": ("/ws/nowhere/", (4404, 4404, 4404, 4404)),  # any other path: refused with 4404
}


def url_routes(resolver=None, prefix: str = ""):
    """Every URL pattern of the site, as one string each (include()s walked)."""
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            yield from url_routes(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def undecided(routes) -> list[str]:
    return sorted(r for r in routes if r not in ROUTES and not r.startswith(ADMIN_PREFIX))


def test_every_route_has_a_decision():
    routes = list(url_routes())

    assert undecided(routes) == []
    assert sorted(set(ROUTES) - set(routes)) == []  # no row for a route that is gone
    assert sorted(str(p.pattern) for p in websocket_urlpatterns) == sorted(WEBSOCKETS)


def test_a_route_without_a_decision_is_caught():
    assert undecided([*ROUTES, "jobs/<id:job_id>/delete/", "admin/anything/"]) == ["jobs/<id:job_id>/delete/"]


@pytest.fixture
def world(make_user, catalog_task):
    users = {"anonymous": None, "annotator": make_user("ann", role="annotator"),
             "researcher": make_user("res", role="researcher"), "admin": make_user("boss", role="admin")}
    save_trajectory(document=trajectory_document(EP))
    job = create_job(kind="episode", created_by=users["researcher"], checked=True, params={
        "task": TASK, "arm": "dbg", "policy": "script:/nowhere.json", "script": "", "max_turns": 5,
        "sandbox": "bwrap"})
    return {"users": users, JOB: job.pk, EPISODE: job.episode.pk}


def concrete(route: str, kwargs: dict, world) -> str:
    path = route
    for name, value in kwargs.items():
        value = world.get(value, value) if isinstance(value, str) else value
        path = path.replace(next(part for part in _parts(route) if part.endswith(f":{name}>") or
                                 part == f"<{name}>"), str(value))
    return "/" + path


def _parts(route: str) -> list[str]:
    import re

    return re.findall(r"<[^>]+>", route)


def answer_of(response):
    if response.status_code in (200, 503) and response.request["PATH_INFO"] == "/healthz":
        return UP_OR_DOWN
    if response.status_code == 302 and "/login/" in response.get("Location", "") and "next=" in response["Location"]:
        return LOGIN
    return response.status_code


@pytest.mark.slow
@pytest.mark.django_db
@pytest.mark.parametrize("role_index, role", list(enumerate(ROLES)))
def test_each_route_answers_each_role_as_decided(client, world, role_index, role):
    user = world["users"][role]
    wrong = {}
    for route, decision in ROUTES.items():
        client.logout()
        if user is not None:
            client.force_login(user)
        path = concrete(route, decision.kwargs, world)
        send = client.post if decision.method == "POST" else client.get
        if decision.json:
            response = send(path, decision.data, content_type="application/json")
        else:
            response = send(path, decision.data or {})
        got = answer_of(response)
        if got != decision.answers[role_index]:
            wrong[f"{decision.method} {path}"] = (got, decision.answers[role_index])
    for path in ADMIN_SAMPLES:
        client.logout()
        if user is not None:
            client.force_login(user)
        got = answer_of(client.get(path))
        if got != ADMIN_ANSWERS[role_index]:
            wrong[f"GET {path}"] = (got, ADMIN_ANSWERS[role_index])

    assert wrong == {}, f"{role}: (answered, decided) per route"


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("role_index, role", list(enumerate(ROLES)))
def test_each_websocket_route_answers_each_role_as_decided(world, role_index, role):
    user = world["users"][role] or AnonymousUser()

    async def connect(path: str):
        communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
        communicator.scope["user"] = user
        connected, code = await communicator.connect(timeout=10)
        await communicator.disconnect()  # a refused consumer ends too, before the next path
        return True if connected else code

    async def every_path():
        answered = {}
        for sample, answers in WEBSOCKETS.values():
            path = sample.replace(JOB, str(world[JOB])).replace(EPISODE, str(world[EPISODE]))
            answered[path] = (await connect(path), answers[role_index])
        return answered

    # Who may connect does not depend on the layer; one event loop and the in-memory layer keep a
    # Redis layer's receive from outliving the loop that started it (that hung CI once).
    with override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        answered = async_to_sync(every_path)()
    wrong = {path: pair for path, pair in answered.items() if pair[0] != pair[1]}

    assert len(answered) == len(WEBSOCKETS) and wrong == {}, f"{role}: (answered, decided) per websocket route"
