"""ASGI entry point, served by daphne: HTTP goes to Django; websocket routes join here later."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webapp.config.settings.local")

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402

# Django must be set up before anything imports models (the websocket routes will).
django_asgi_app = get_asgi_application()

from webapp.config.routing import websocket_urlpatterns  # noqa: E402
from webapp.live.origin import SameOriginValidator  # noqa: E402

application = ProtocolTypeRouter({
    "http": django_asgi_app,
    "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
})
