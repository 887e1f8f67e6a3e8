from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from webapp.core.roles import ROLES, WHAT, UnknownRole
from webapp.core.services import grant_role


class Command(BaseCommand):
    help = ("Give a user one role: " + "; ".join(f"{role} ({WHAT[role]})" for role in ROLES)
            + ". The user's other roles are removed.")

    def add_arguments(self, parser):
        parser.add_argument("user", help="the username")
        parser.add_argument("role", help=" | ".join(ROLES))

    def handle(self, *args, **options):
        try:
            user = grant_role(username=options["user"], role=options["role"])
        except (UnknownRole, get_user_model().DoesNotExist) as exc:
            raise CommandError(str(exc)) from None
        role = options["role"].strip().lower()
        self.stdout.write(f"{user.get_username()} is now {role}: may {WHAT[role]}")
