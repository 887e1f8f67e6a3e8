"""Live job progress over a websocket: the browser joins the job's group and gets every update."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from webapp.runs.models import Job
from webapp.runs.services import job_group


def job_state(job: Job) -> dict:
    return {"type": "job.update", "job": job.id, "state": job.state, "progress": job.progress, "error": job.error}


@database_sync_to_async
def visible_job(user, job_id: int) -> Job | None:
    """The job when this user may follow it: its creator, or staff."""
    if not user.is_authenticated:
        return None
    job = Job.objects.filter(pk=job_id).first()
    if job is None or not (user.is_staff or job.created_by_id == user.id):
        return None
    return job


class JobProgressConsumer(AsyncJsonWebsocketConsumer):
    async def connect(self):
        job = await visible_job(self.scope.get("user"), int(self.scope["url_route"]["kwargs"]["job_id"]))
        if job is None:
            await self.close(code=4403)  # not logged in, no such job, or not yours
            return
        self.group = job_group(job.id)
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        await self.send_json(job_state(job))  # the state now, then every change

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def job_update(self, event):
        await self.send_json(event)
