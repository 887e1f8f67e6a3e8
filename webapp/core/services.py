"""Writes that belong to no single app: the admin user that scripts/run makes."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from django.contrib.auth import get_user_model
from django.db import transaction

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractUser


@dataclass(frozen=True)
class AdminLogin:
    username: str
    password: str | None  # None when it is not known (changed by hand since it was generated)
    created: bool
    source: str  # where the password came from, for the message scripts/run prints


@transaction.atomic
def user_model() -> type[AbstractUser]:
    """The user model (Django's own, with its staff and superuser flags)."""
    return cast("type[AbstractUser]", get_user_model())


def ensure_admin_user(*, username: str, password: str | None, password_file: Path) -> AdminLogin:
    """Create the superuser once; a re-run never duplicates it.

    ``password`` given: the user gets that password (also on re-runs). Not given: one is generated on
    creation and kept in ``password_file`` (mode 0600) so later runs can print it again.
    """
    User = user_model()
    user = User.objects.filter(username=username).first()
    created = user is None
    if created:
        user = User(username=username, is_staff=True, is_superuser=True)
    if password:
        source = "STEPWISE_ADMIN_PASSWORD"
    elif created:
        password = secrets.token_urlsafe(12)
        password_file.parent.mkdir(parents=True, exist_ok=True)
        password_file.write_text(password + "\n", encoding="utf-8")
        password_file.chmod(0o600)
        source = f"generated, kept in {password_file}"
    else:
        stored = password_file.read_text(encoding="utf-8").strip() if password_file.is_file() else ""
        if stored and user.check_password(stored):
            return AdminLogin(username, stored, False, f"generated earlier, kept in {password_file}")
        return AdminLogin(username, None, False, "changed since; set STEPWISE_ADMIN_PASSWORD to reset it")
    user.is_staff = user.is_superuser = user.is_active = True
    user.set_password(password)
    user.save()
    _join_admins(user)
    return AdminLogin(username, password, created, source)


def _join_admins(user) -> None:
    """A superuser is an admin anyway; the group shows it in the admin's user list."""
    from django.contrib.auth.models import Group

    group = Group.objects.filter(name="admin").first()
    if group is not None:
        user.groups.add(group)


@transaction.atomic
def grant_role(*, username: str, role: str):
    """Give ``username`` exactly one role (its group; the others removed). An admin is staff (the admin
    site); a user moved off admin stops being staff (a superuser stays admin whatever the groups say).
    Raises UnknownRole or ``User.DoesNotExist`` with a message naming what to use; remakes the role
    groups when one is missing."""
    from django.contrib.auth.models import Group, Permission

    from webapp.core.roles import ADMIN, ROLES, check_role, sync_roles

    role = check_role(role)
    User = user_model()
    user = User.objects.filter(username=username).first()
    if user is None:
        raise User.DoesNotExist(f"no user {username!r}; add it first (manage.py adduser NAME --role ROLE, or in the admin)")
    if Group.objects.filter(name__in=ROLES).count() < len(ROLES):  # removed by hand (or a flush): remade
        sync_roles(group_model=Group, permission_model=Permission)
    groups = {group.name: group for group in Group.objects.filter(name__in=ROLES)}
    user.groups.remove(*[groups[name] for name in ROLES if name != role])
    user.groups.add(groups[role])
    user.is_staff = role == ADMIN or user.is_superuser
    user.save(update_fields=["is_staff"])
    return user


class UserExists(ValueError):
    pass


@transaction.atomic
def add_user(*, username: str, role: str, password: str | None = None) -> tuple[AbstractUser, str]:
    """A new user with one role; returns (user, password): the one given, else a generated one to hand
    over. Refuses a name already taken (``grant`` changes a role) or one Django would not accept."""
    from django.contrib.auth.password_validation import validate_password
    from django.core.exceptions import ValidationError

    from webapp.core.roles import check_role

    role = check_role(role)
    User = user_model()
    username = (username or "").strip()
    try:
        User.username_validator(username)
    except ValidationError as exc:
        raise ValueError(f"{username!r} cannot be a username: {' '.join(exc.messages)}") from None
    if User.objects.filter(username=username).exists():
        raise UserExists(f"user {username!r} exists; change its role with 'manage.py grant {username} ROLE' and its "
                         f"password with 'manage.py changepassword {username}'")
    password = password or secrets.token_urlsafe(12)
    user = User(username=username)
    try:
        validate_password(password, user)
    except ValidationError as exc:
        raise ValueError("the password is refused: " + " ".join(exc.messages)) from None
    user.set_password(password)
    user.save()
    grant_role(username=username, role=role)
    return user, password
