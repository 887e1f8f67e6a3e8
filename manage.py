#!/usr/bin/env python
"""Django's command-line utility for the Stepwise web app (embedded default settings unless told)."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "webapp.config.settings.local")
    from django.core.exceptions import ImproperlyConfigured
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except ImproperlyConfigured as exc:  # a settings problem: the message says what to set
        sys.exit(f"error: {exc}")


if __name__ == "__main__":
    main()
