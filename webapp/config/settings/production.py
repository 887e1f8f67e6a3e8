"""Deployed (docker compose): every secret from the environment; refuses to start without them."""

import os

from django.core.exceptions import ImproperlyConfigured

from webapp.config.settings.base import *  # noqa: F403
from webapp.config.settings.base import env_bool

DEBUG = False
if not os.environ.get("DJANGO_SECRET_KEY"):
    raise ImproperlyConfigured("DJANGO_SECRET_KEY is not set: production needs a secret key "
                               "(generate one: python -c 'import secrets; print(secrets.token_urlsafe(50))')")
SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
if not os.environ.get("DJANGO_ALLOWED_HOSTS"):
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS is not set: list the host names this site answers to, "
                               "comma-separated (e.g. stepwise.example.org,localhost)")
if not os.environ.get("DATABASE_URL"):
    raise ImproperlyConfigured("DATABASE_URL is not set: production runs on PostgreSQL "
                               "(e.g. postgres://stepwise:PASSWORD@postgres:5432/stepwise)")

SESSION_COOKIE_SECURE = env_bool("DJANGO_SECURE_COOKIES", True)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
