"""The route x role matrix: every URL of the site and every websocket route has a decision for the
anonymous visitor, an annotator, a researcher and an admin, and each decision is what the app answers.

``ROUTES`` (tests/webapp/route_table.py) names each route by its URL pattern with the method it is tried
with, sample values for its URL arguments, and the answer per role. A route added without a row there fails
``test_every_route_has_a_decision``; one whose answer changes fails the matrix. The admin site is one
family (``admin/``): its index and user and job lists are tried, and every other admin URL is held
to the same decision by the prefix.
"""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings
from django.urls import URLPattern, URLResolver, get_resolver

from tests.webapp.route_table import (
    ADMIN_ANSWERS,
    ADMIN_PREFIX,
    ADMIN_SAMPLES,
    EPISODE,
    JOB,
    LOGIN,
    ROLES,
    ROUTES,
    UP_OR_DOWN,
    WEBSOCKETS,
    concrete,
)
from webapp.config.routing import websocket_urlpatterns


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
