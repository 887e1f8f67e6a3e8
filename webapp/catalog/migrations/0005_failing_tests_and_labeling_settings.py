"""Each task's failing tests; the labeling queue's settings (the suggested label hidden until one labels by
default), and the researcher role's permission to change them."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def sync(apps, schema_editor):
    from django.contrib.auth.management import create_permissions

    from webapp.core.roles import sync_roles

    app_config = apps.get_app_config("catalog")
    app_config.models_module = True  # the migration's app stub lacks it; create_permissions asks
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    sync_roles(group_model=apps.get_model("auth", "Group"), permission_model=apps.get_model("auth", "Permission"))


class Migration(migrations.Migration):

    dependencies = [
        ('catalog', '0004_task_versions'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("runs", "0004_roles"),
        ("endpoints", "0002_admin_role_holds_endpoints"),
    ]

    operations = [
        migrations.AddField(
            model_name='task',
            name='failing_tests',
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.CreateModel(
            name='LabelingSettings',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('show_suggestion', models.BooleanField(default=False, verbose_name='show the suggested label before the annotator labels')),
                ('updated_at', models.DateTimeField(auto_now=True)),
                ('updated_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'verbose_name': 'labeling settings',
                'verbose_name_plural': 'labeling settings',
            },
        ),
        migrations.RunPython(sync, migrations.RunPython.noop),
    ]
