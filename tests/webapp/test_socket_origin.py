"""Which pages may open a websocket: the app's own origin, port included, or a trusted one. A refused
origin is closed before the route is even looked up; an allowed one reaches the router (an unknown
path then closes with 4404)."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import override_settings

from tests.webapp.route_table import EPISODE, JOB, ROLES, WEBSOCKETS
from webapp.live.origin import origin_allowed

ROUTED = (False, 4404)  # reached the router: an unknown path
SERVED_AT = "localhost:8000"


def connect(origin: str, host: str = SERVED_AT):
    from webapp.config.asgi import application

    async def scenario():
        sock = WebsocketCommunicator(application, "/ws/nothing-here/",
                                     headers=[(b"origin", origin.encode()), (b"host", host.encode())])
        sock.scope["user"] = AnonymousUser()
        answer = await sock.connect(timeout=10)
        # A refused socket's consumer still waits for the disconnect: end it here rather than leave
        # asyncio.run's clean-up cancelling it (which once hung until pytest-timeout's 300 s).
        await sock.disconnect()
        return answer

    return async_to_sync(scenario)()


@pytest.mark.parametrize("origin", ["http://localhost:9999", "http://localhost",
                                    "http://evil.example:8000", "null", "", "http://localhost:99999"])
def test_a_page_of_another_origin_cannot_open_a_socket(origin):
    """It was: ``http://localhost:9999`` accepted (the check compared host names only)."""
    assert connect(origin) != ROUTED


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_apps_own_origin_reaches_the_router():
    assert connect("http://localhost:8000") == ROUTED
    assert connect("https://localhost", host="localhost") == ROUTED  # a default port may be left out
    assert connect("http://[::1]:8000", host="[::1]:8000") == ROUTED


def test_a_trusted_origin_counts_with_its_port(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://stepwise.example:8443"]
    settings.ALLOWED_HOSTS = ["stepwise.example", "localhost"]

    assert origin_allowed("https://stepwise.example:8443", "internal:8000")
    assert not origin_allowed("https://stepwise.example:8444", "internal:8000")
    assert not origin_allowed("http://stepwise.example:8443", "internal:8000")
    assert not origin_allowed("http://other.example", "other.example")  # a host name ALLOWED_HOSTS lacks


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("role_index, role", list(enumerate(ROLES)))
def test_every_websocket_route_refuses_a_foreign_origin_for_every_role(world, role_index, role):
    """The route x role matrix's websocket routes through the whole application: from the app's own
    origin each role gets the matrix's answer; from another port of the same host, nobody connects."""
    from webapp.config.asgi import application

    user = world["users"][role] or AnonymousUser()

    async def connect(path: str, origin: str):
        sock = WebsocketCommunicator(application, path, headers=[(b"origin", origin.encode()),
                                                                 (b"host", SERVED_AT.encode())])
        sock.scope["user"] = user
        connected, code = await sock.connect(timeout=10)
        await sock.disconnect()
        return True if connected else code

    async def every_path():
        answered = {}
        for sample, answers in WEBSOCKETS.values():
            path = sample.replace(JOB, str(world[JOB])).replace(EPISODE, str(world[EPISODE]))
            answered[path] = (await connect(path, f"http://{SERVED_AT}"), await connect(path, "http://localhost:9999"),
                              answers[role_index])
        return answered

    with override_settings(CHANNEL_LAYERS={"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}):
        answered = async_to_sync(every_path)()

    assert {path: own for path, (own, _, decided) in answered.items() if own != decided} == {}
    assert [path for path, (_, foreign, _) in answered.items() if foreign is True] == []
