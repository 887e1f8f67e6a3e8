"""Roles: the permissions on Job, the three groups (annotator, researcher, admin), and where existing
users go: superusers and staff (who could adjudicate) become admins; everyone else stays an annotator
(no group: the default role) until an admin grants more with ``manage.py grant USER researcher``."""

from django.db import migrations


def make_roles(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    from webapp.core.roles import ADMIN, sync_roles

    for label in ("auth", "catalog", "trajectories", "runs"):  # permissions are made after migrate; roles need them now
        app_config = apps.get_app_config(label)
        app_config.models_module = True  # the migration's app stub lacks it; create_permissions asks
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    sync_roles(group_model=Group, permission_model=apps.get_model("auth", "Permission"))
    User = apps.get_model(*_user_model().split("."))
    admins = Group.objects.get(name=ADMIN)
    for user in User.objects.filter(is_staff=True) | User.objects.filter(is_superuser=True):
        user.groups.add(admins)


def _user_model() -> str:
    from django.conf import settings
    return settings.AUTH_USER_MODEL


class Migration(migrations.Migration):

    dependencies = [
        ('runs', '0003_jobs_state_machine_events_episodes'),
        ('catalog', '0003_adjudicate_permission'),
        ('auth', '0012_alter_user_first_name_max_length'),
        ('contenttypes', '0002_remove_content_type_name'),
        ('trajectories', '0004_policy_model_index'),
    ]

    operations = [
        migrations.AlterModelOptions(
            name='job',
            options={'ordering': ['-created_at', '-id'], 'permissions': [('launch_job', 'Launch jobs of every kind (researcher)'), ('open_session', 'Open live debugger sessions (researcher)'), ('manage_any_job', "See, cancel and retry every user's jobs (admin)")]},
        ),
        migrations.RunPython(make_roles, migrations.RunPython.noop),
    ]
