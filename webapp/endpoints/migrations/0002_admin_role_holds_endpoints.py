"""The admin role's group also holds the endpoint permissions (registering endpoints is admin work)."""

from django.db import migrations


def sync(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    from webapp.core.roles import sync_roles

    app_config = apps.get_app_config("endpoints")
    app_config.models_module = True  # the migration's app stub lacks it; create_permissions asks
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    sync_roles(group_model=apps.get_model("auth", "Group"), permission_model=apps.get_model("auth", "Permission"))


class Migration(migrations.Migration):

    dependencies = [
        ("endpoints", "0001_initial"),
        ("runs", "0004_roles"),
    ]

    operations = [migrations.RunPython(sync, migrations.RunPython.noop)]
