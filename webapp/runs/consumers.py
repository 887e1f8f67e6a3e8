"""Live followers of jobs and episodes (see ``webapp.live.follow``): each reads what is new from the
database when its topic's doorbell rings.

- ``ws/jobs/<id>/?after=SEQ``: the job's state whenever it changed, its children's states (an eval's
  episodes), then each log line, metric point and state change numbered after SEQ.
- ``ws/jobs/?after=EPOCH_MS``: the states of the jobs (mine; staff: everyone's) changed since then.
- ``ws/episodes/<id>/?after=SEQ``: the episode's state, then each step (and its result) after SEQ.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.utils import timezone

from webapp.live.follow import FORBIDDEN, NOT_FOUND, FollowConsumer, Refused
from webapp.runs import selectors
from webapp.runs.models import Episode, Job
from webapp.runs.services.episodes import episode_topic
from webapp.runs.services.jobs import JOBS_TOPIC, job_topic

OVERLAP = timedelta(seconds=2)  # list cursors overlap a little: a state sent twice is harmless


class JobFollower(FollowConsumer):
    def authorize(self, user, kwargs):
        job = Job.objects.select_related("created_by").filter(pk=kwargs["job_id"]).first()
        if job is None:
            raise Refused(NOT_FOUND)
        if not selectors.may_follow(user, job):
            raise Refused(FORBIDDEN)  # not yours
        self.sent_versions: dict[int, int] = {}
        return job

    def topic(self, job):
        return job_topic(job.id)

    def read_since(self, job, cursor):
        messages = []
        current = Job.objects.select_related("created_by").get(pk=job.pk)
        for row in [current, *selectors.children(job=current)]:
            if self.sent_versions.get(row.id) != row.version:
                self.sent_versions[row.id] = row.version
                kind = "job" if row.id == current.id else "child"
                messages.append({"type": kind, "job": selectors.job_state(row)})
        events = selectors.job_events(job=current, after=cursor)
        messages += [selectors.event_message(event) for event in events]
        return messages, (events[-1].seq if events else cursor)


class JobListFollower(FollowConsumer):
    def authorize(self, user, kwargs):
        self.user = user
        return user

    def topic(self, user):
        return JOBS_TOPIC

    def initial_cursor(self, query):
        raw = (query.get("after") or [""])[0]
        if raw.isdigit():
            return datetime.fromtimestamp(int(raw) / 1000, tz=UTC)
        return timezone.now()

    def read_since(self, user, cursor):
        now = timezone.now()
        rows = selectors.jobs_changed_since(user=user, since=cursor - OVERLAP)
        return [{"type": "job", "job": selectors.job_state(row)} for row in rows], now


class EpisodeFollower(FollowConsumer):
    def authorize(self, user, kwargs):
        episode = Episode.objects.select_related("job", "trajectory").filter(pk=kwargs["episode_id"]).first()
        if episode is None:
            raise Refused(NOT_FOUND)
        self.sent_version = None
        return episode  # any logged-in user may watch an episode

    def topic(self, episode):
        return episode_topic(episode.pk)

    def read_since(self, episode, cursor):
        current = Episode.objects.select_related("job", "trajectory").get(pk=episode.pk)
        state = selectors.episode_state(current)
        messages = []
        if state["version"] != self.sent_version:
            self.sent_version = state["version"]
            messages.append(state)
        events = selectors.episode_events(episode=current, after=cursor)
        messages += [selectors.episode_message(event) for event in events if event.kind in ("step", "result")]
        return messages, (events[-1].seq if events else cursor)
