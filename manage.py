#!/usr/bin/env python
"""Django's command-line utility for the Stepwise web app (embedded default settings unless told)."""

import os
import sys


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
        first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        sys.exit(f"error: the database cannot be used ({first_line}); start it (scripts/services) "
                 "or fix DATABASE_URL")


if __name__ == "__main__":
    main()
