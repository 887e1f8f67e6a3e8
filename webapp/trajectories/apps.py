from django.apps import AppConfig


class TrajectoriesConfig(AppConfig):
    name = "webapp.trajectories"
    label = "trajectories"
    verbose_name = "Trajectories"
