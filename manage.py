#!/usr/bin/env python
"""Django's command-line utility for the Stepwise web app (embedded default settings unless told)."""

import os
import re
import sys


def database_hint(message: str) -> str:
    """What to do about a database that cannot be used: create it, or start the server."""
    missing = re.search(r'database "([^"]+)" does not exist', message)
    if missing:
        from django.conf import settings

        db = settings.DATABASES["default"]
        where = " ".join(f"{flag} {value}" for flag, value in (("-h", db.get("HOST")), ("-p", db.get("PORT")),
                                                                   ("-U", db.get("USER"))) if value)
        return (f"the server is running but has no database {missing[1]!r}; create it: "
                f"createdb {where} {missing[1]}".replace("  ", " "))
    return "start it (scripts/services) or fix DATABASE_URL"


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webapp.config.settings.local")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line
    from django.db.utils import OperationalError

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as exc:  # a settings problem: the message says what to set
        sys.exit(f"error: {exc}")
    except OperationalError as exc:
        lines = [line for line in str(exc).strip().splitlines() if line.strip()]
        first_line = next((line for line in lines if "does not exist" in line), lines[0] if lines else type(exc).__name__)
        sys.exit(f"error: the database cannot be used ({first_line.strip()}); {database_hint(str(exc))}")


if __name__ == "__main__":
    main()
