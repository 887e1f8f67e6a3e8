from django.apps import AppConfig


class RunsConfig(AppConfig):
    name = "webapp.runs"
    label = "runs"
    verbose_name = "Jobs and runs"

    def ready(self):
        from webapp.runs import kinds  # noqa: F401 - registers every job type
