"""Who may do what: three roles as Django groups, the permissions each holds, and the checks the
services call.

- annotator: label tasks, review trajectories, watch jobs and sessions (what every signed-in user may do);
- researcher: the annotator's work, plus launching jobs of every kind and opening live debugger sessions,
  managing (cancel, retry) the jobs they launched;
- admin: everything: adjudicate disputed labels, manage users, see and manage every job.

A superuser is an admin whatever their groups say (``ensure_admin`` makes one). A new user starts as an
annotator (``default_role_for_new_user``); ``manage.py grant USER ROLE`` changes it. The groups and their
permissions are made by the migration ``runs.0004_roles``; ``sync_roles`` remakes them (idempotent).

The checks raise ``NotAllowed``, a ``PermissionDenied``, so a view that lets it through answers 403 and
every other caller (a Celery task, a command, a consumer) is refused with a message saying whom to ask.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied

ANNOTATOR, RESEARCHER, ADMIN = "annotator", "researcher", "admin"
ROLES = (ANNOTATOR, RESEARCHER, ADMIN)  # lowest to highest

LAUNCH_JOB = "runs.launch_job"
OPEN_SESSION = "runs.open_session"
MANAGE_ANY_JOB = "runs.manage_any_job"
ADJUDICATE = "catalog.adjudicate"
CHANGE_LABELING_SETTINGS = "catalog.change_labelingsettings"

# (app_label, codename) each role's group holds; a role holds the ones of the roles below it too.
ROLE_PERMISSIONS: dict[str, list[tuple[str, str]]] = {
    ANNOTATOR: [],
    RESEARCHER: [("runs", "launch_job"), ("runs", "open_session"), ("catalog", "change_labelingsettings")],
    ADMIN: [],  # every permission of ADMIN_APPS (adjudicate, manage_any_job, users and groups included)
}
ADMIN_APPS = ("auth", "catalog", "trajectories", "runs", "endpoints")

WHAT = {ANNOTATOR: "label tasks, review trajectories, watch jobs and sessions",
        RESEARCHER: "launch jobs of every kind, open debugger sessions, manage their own jobs, "
                    "set how the labeling queue shows tasks",
        ADMIN: "adjudicate labels, manage users, see and manage every job"}


class NotAllowed(PermissionDenied):
    """The user's role does not allow this; the message says what to do."""


class UnknownRole(ValueError):
    pass


def check_role(name: str) -> str:
    role = (name or "").strip().lower()
    if role not in ROLES:
        raise UnknownRole(f"unknown role {name!r}; use one of {', '.join(ROLES)}")
    return role


def role_of(user) -> str:
    """The highest role of a user (annotator when none: the default)."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    if user.is_superuser:
        return ADMIN
    names = _group_names(user)
    for role in reversed(ROLES):
        if role in names:
            return role
    return ANNOTATOR


def _group_names(user) -> set[str]:
    cached = getattr(user, "_stepwise_groups", None)
    if cached is None:
        cached = {group.name for group in user.groups.all()}  # uses prefetch_related("groups")
        user._stepwise_groups = cached
    return cached


def has(user, permission: str) -> bool:
    """Whether ``user`` holds ``permission`` (Django caches a user's permissions: one query per request)."""
    return bool(user is not None and getattr(user, "is_active", False) and user.has_perm(permission))


def is_admin(user) -> bool:
    return has(user, MANAGE_ANY_JOB)


def require(user, permission: str, doing: str) -> None:
    """Refuse (NotAllowed) unless ``user`` holds ``permission``; ``doing`` names the action."""
    if has(user, permission):
        return
    who = getattr(user, "username", "") or "an anonymous user"
    needed = RESEARCHER if permission in (LAUNCH_JOB, OPEN_SESSION, CHANGE_LABELING_SETTINGS) else ADMIN
    raise NotAllowed(f"{who} ({role_of(user) or 'not signed in'}) may not {doing}; it takes the {needed} role "
                     f"(an admin grants it: manage.py grant {who if user is not None else 'USER'} {needed})")


def may_manage_job(user, job) -> bool:
    """Cancel or retry: the job's owner while still a researcher, or an admin."""
    if not has(user, LAUNCH_JOB):
        return False
    return is_admin(user) or job.created_by_id == user.id


def require_manage_job(user, job, doing: str) -> None:
    if user is None:  # the machine's owner (a command, the reaper)
        return
    if not may_manage_job(user, job):
        raise NotAllowed(f"{getattr(user, 'username', '')} may not {doing} job {job.pk}: only its owner "
                         "(a researcher) or an admin may")


# ---- groups ----------------------------------------------------------------------------------------
def sync_roles(*, group_model, permission_model) -> None:
    """Make (or repair) the three groups with exactly their permissions. Takes the models so a
    migration can pass its historical ones."""
    for role, wanted in ROLE_PERMISSIONS.items():
        group, _ = group_model.objects.get_or_create(name=role)
        if role == ADMIN:
            perms = list(permission_model.objects.filter(content_type__app_label__in=ADMIN_APPS))
        else:
            # a permission of a model a later migration makes is not there yet in an earlier migration's
            # sync: that later migration syncs again (catalog.0005 for change_labelingsettings)
            perms = [perm for app, codename in wanted for perm in
                     permission_model.objects.filter(content_type__app_label=app, codename=codename)]
        group.permissions.set(perms)


def default_role_for_new_user(user) -> str:
    return ADMIN if user.is_superuser else ANNOTATOR
