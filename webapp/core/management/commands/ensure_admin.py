import os

from django.conf import settings
from django.core.management.base import BaseCommand

from webapp.core.services import ensure_admin_user


class Command(BaseCommand):
    help = ("Create the admin user once (STEPWISE_ADMIN_USER, default 'admin'); its password comes from "
            "STEPWISE_ADMIN_PASSWORD or is generated and printed.")

    def handle(self, *args, **options):
        login = ensure_admin_user(
            username=os.environ.get("STEPWISE_ADMIN_USER") or "admin",
            password=os.environ.get("STEPWISE_ADMIN_PASSWORD") or None,
            password_file=settings.VAR_DIR / "admin-password",
        )
        verb = "created" if login.created else "exists"
        shown = login.password if login.password is not None else "(unknown)"
        self.stdout.write(f"admin user {login.username!r} {verb}; password: {shown} ({login.source})")
