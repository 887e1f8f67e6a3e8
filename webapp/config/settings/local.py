"""One machine, no setup: the embedded default unless DATABASE_URL / REDIS_URL say otherwise."""

import os
import secrets

from webapp.config.settings.base import *  # noqa: F403
from webapp.config.settings.base import VAR_DIR, env_bool

# Off by default, so a first run shows the app's own error pages (never settings or URL patterns);
# STEPWISE_DEBUG=1 turns Django's debug pages on for development (DJANGO_DEBUG is the older name).
DEBUG = env_bool("STEPWISE_DEBUG", env_bool("DJANGO_DEBUG", False))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def _dev_secret_key() -> str:
    """A key generated once and kept under var/, so logins survive a restart."""
    path = VAR_DIR / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50), encoding="utf-8")
        path.chmod(0o600)
    return path.read_text(encoding="utf-8").strip()


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY") or _dev_secret_key()
# Serve static files (the admin's too) from the app folders without collectstatic.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
