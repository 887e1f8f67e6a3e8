import sys

from django.core.management.base import BaseCommand, CommandError

from webapp.core.roles import ROLES, WHAT, UnknownRole
from webapp.core.services import add_user


class Command(BaseCommand):
    help = ("Add a user with one role: " + "; ".join(f"{role} ({WHAT[role]})" for role in ROLES)
            + ". A password is generated and printed once, unless --password-stdin reads one.")

    def add_arguments(self, parser):
        parser.add_argument("user", help="the new username")
        parser.add_argument("--role", required=True, help=" | ".join(ROLES))
        parser.add_argument("--password-stdin", action="store_true",
                            help="read the password from the first line of standard input")

    def handle(self, *args, user, role, password_stdin, **options):
        password = sys.stdin.readline().rstrip("\n") if password_stdin else None
        if password_stdin and not password:
            raise CommandError("--password-stdin: standard input held no password")
        try:
            made, password = add_user(username=user, role=role, password=password)
        except (UnknownRole, ValueError) as exc:
            raise CommandError(str(exc)) from None
        role = role.strip().lower()
        shown = "(the one given)" if password_stdin else password
        self.stdout.write(f"{made.get_username()} added as {role} (may {WHAT[role]}); password: {shown}")
