"""Live sessions: a person drives an episode from the browser with exactly the model's tools.

A session is an episode job on the episodes queue whose policy is the person (``HumanPolicy``): the
worker holds the sandbox and takes the person's calls as they arrive (``webapp.runs.services.sessions``:
the session's doorbell wakes it).
It is recorded, verified and scored like any episode, with ``policy.kind = "human"``.
"""

from __future__ import annotations

from django import forms
from django.utils import timezone

from harness.policies.human import HumanPolicy
from harness.sandbox.backends import DEFAULT_BACKEND
from webapp.runs.forms.fields import ARMS, SANDBOXES, TaskChoiceField
from webapp.runs.kinds.episodes import EpisodeJob, EpisodeParams, new_episode_id
from webapp.runs.models import Driver, Episode
from webapp.runs.registry import Queue, register
from webapp.runs.services.sessions import CallWaiter

MAX_SESSION_TURNS = 500


class SessionForm(forms.Form):
    task = TaskChoiceField(max_length=200, help_text="a task of the catalog, by name")
    arm = forms.ChoiceField(choices=ARMS, initial="dbg")
    max_turns = forms.IntegerField(min_value=1, max_value=MAX_SESSION_TURNS, initial=200, required=False)
    sandbox = forms.ChoiceField(choices=SANDBOXES, initial=DEFAULT_BACKEND, required=False)

    def params(self) -> dict:
        data = self.cleaned_data
        return {"task": data["task"], "arm": data["arm"], "max_turns": data.get("max_turns") or 200,
                "sandbox": data.get("sandbox") or DEFAULT_BACKEND, "policy": "human", "script": ""}


@register
class SessionJob(EpisodeJob):
    kind = "session"
    label = "Live session"
    description = "a person drives the debugger on a task in the browser; recorded like any episode"
    queue = Queue.EPISODES
    form_class = SessionForm
    launchable = False  # opened from a task's page (the person who opens it drives it)

    def prepare(self, job) -> None:
        params = EpisodeParams.of(job.params)
        person = job.created_by.get_username() if job.created_by_id else ""
        Episode.objects.create(job=job, episode_id=new_episode_id(params.task, params.arm),
                               task_name=params.task, arm=params.arm, driver=Driver.HUMAN,
                               policy=person, last_activity_at=timezone.now())

    def policy_for(self, work, episode, params: EpisodeParams):
        Episode.objects.filter(pk=episode.pk).update(last_activity_at=timezone.now())  # idle counts from here
        waiter = CallWaiter(episode=episode, check_cancelled=work.check_cancelled)
        return HumanPolicy(waiter, person=episode.policy, on_close=waiter.close)

    def describe(self, params: EpisodeParams) -> str:
        return f"{params.task} · {params.arm} · by hand"
