"""Receivers of other apps' signals; each only calls a service of this app."""

from webapp.trajectories.services import link_trajectories_to_task


def link_on_task_created(sender, *, task, **kwargs) -> None:
    link_trajectories_to_task(task=task)
