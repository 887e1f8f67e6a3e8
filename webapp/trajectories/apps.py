from django.apps import AppConfig


class TrajectoriesConfig(AppConfig):
    name = "webapp.trajectories"
    label = "trajectories"
    verbose_name = "Trajectories"

    def ready(self):
        from webapp.catalog.signals import task_created
        from webapp.trajectories.receivers import link_on_task_created

        task_created.connect(link_on_task_created, dispatch_uid="trajectories.link_on_task_created")
