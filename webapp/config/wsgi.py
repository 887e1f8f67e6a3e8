"""WSGI entry point (plain HTTP only; the app is normally served over ASGI by daphne)."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webapp.config.settings.local")
application = get_wsgi_application()
