"""Which pages may open a websocket: the app's own origin, port included, or a trusted one. A refused
origin is closed before the route is even looked up; an allowed one reaches the router (an unknown
path then closes with 4404)."""

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser

from webapp.live.origin import origin_allowed

ROUTED = (False, 4404)  # reached the router: an unknown path
SERVED_AT = "localhost:8000"


def connect(origin: str, host: str = SERVED_AT):
    from webapp.config.asgi import application

    async def scenario():
        sock = WebsocketCommunicator(application, "/ws/nothing-here/",
                                     headers=[(b"origin", origin.encode()), (b"host", host.encode())])
        sock.scope["user"] = AnonymousUser()
        return await sock.connect(timeout=10)

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


def test_a_trusted_origin_counts_with_its_port(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://stepwise.example:8443"]
    settings.ALLOWED_HOSTS = ["stepwise.example", "localhost"]

    assert origin_allowed("https://stepwise.example:8443", "internal:8000")
    assert not origin_allowed("https://stepwise.example:8444", "internal:8000")
    assert not origin_allowed("http://stepwise.example:8443", "internal:8000")
    assert not origin_allowed("http://other.example", "other.example")  # a host name ALLOWED_HOSTS lacks
