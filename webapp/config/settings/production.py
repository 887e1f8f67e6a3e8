"""Deployed (docker compose): every secret from the environment; refuses to start without them."""

import os

from django.core.exceptions import ImproperlyConfigured

from webapp.config.settings.base import *  # noqa: F403
from webapp.config.settings.base import env_bool

DEBUG = False
_MAKE_KEY = "generate one: python -c 'import secrets; print(secrets.token_urlsafe(50))'"
# Keys that were published somewhere (examples, the test settings) are no secret.
_KNOWN_KEYS = {"test-only-not-secret", "change-me", "changeme", "secret", "django-insecure", "stepwise"}
MIN_SECRET_KEY_LENGTH = 50  # as Django's own check (security.W009) asks
if not os.environ.get("DJANGO_SECRET_KEY"):
    raise ImproperlyConfigured(f"DJANGO_SECRET_KEY is not set: production needs a secret key ({_MAKE_KEY})")
SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]
if (len(SECRET_KEY) < MIN_SECRET_KEY_LENGTH or len(set(SECRET_KEY)) < 5 or SECRET_KEY.lower() in _KNOWN_KEYS
        or SECRET_KEY.startswith("django-insecure-")):
    raise ImproperlyConfigured(
        f"DJANGO_SECRET_KEY is too weak ({len(SECRET_KEY)} characters, {len(set(SECRET_KEY))} different): "
        f"production needs at least {MIN_SECRET_KEY_LENGTH} random characters that were never published "
        f"({_MAKE_KEY})")
if not os.environ.get("DJANGO_ALLOWED_HOSTS"):
    raise ImproperlyConfigured("DJANGO_ALLOWED_HOSTS is not set: list the host names this site answers to, "
                               "comma-separated (e.g. stepwise.example.org,localhost)")
if not os.environ.get("DATABASE_URL"):
    raise ImproperlyConfigured("DATABASE_URL is not set: production runs on PostgreSQL "
                               "(e.g. postgres://stepwise:PASSWORD@postgres:5432/stepwise)")

# DJANGO_SECURE_COOKIES=1 (the default) says the site is served over HTTPS (directly or behind a
# proxy that sets X-Forwarded-Proto): cookies travel only over TLS, plain HTTP is redirected and
# browsers are told to use HTTPS only (HSTS). Compose on localhost sets it to 0.
SERVED_OVER_TLS = env_bool("DJANGO_SECURE_COOKIES", True)
SESSION_COOKIE_SECURE = SERVED_OVER_TLS
CSRF_COOKIE_SECURE = SERVED_OVER_TLS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", SERVED_OVER_TLS)
# The container's health check asks over plain HTTP from inside: it is not redirected.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
try:
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_SECURE_HSTS_SECONDS") or (31536000 if SERVED_OVER_TLS else 0))
except ValueError:
    raise ImproperlyConfigured(f"DJANGO_SECURE_HSTS_SECONDS={os.environ['DJANGO_SECURE_HSTS_SECONDS']!r}: "
                               "expected a number of seconds (31536000 is a year; 0 turns HSTS off)") from None
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("DJANGO_SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_CONTENT_TYPE_NOSNIFF = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
