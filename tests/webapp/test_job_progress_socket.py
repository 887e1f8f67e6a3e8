"""A browser follows a job's progress over a websocket, through the real Redis channel layer."""

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from webapp.config.routing import websocket_urlpatterns
from webapp.runs.services import create_job, fail_job, report_progress

pytestmark = pytest.mark.django_db(transaction=True)  # the consumer reads the job from another thread


def follow(job, user):
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/jobs/{job.id}/")
    communicator.scope["user"] = user
    return communicator


def test_the_creator_sees_the_state_then_every_change(make_user):
    owner = make_user("ann")
    job = create_job(kind="import_corpus", created_by=owner, enqueue=False)

    async def scenario():
        socket = follow(job, owner)
        connected, _ = await socket.connect(timeout=10)
        first = await socket.receive_json_from(timeout=5)
        await sync_to_async(report_progress)(job=job, progress=40, message="half way")
        second = await socket.receive_json_from(timeout=5)
        await sync_to_async(fail_job)(job=job, error="the corpus folder vanished")
        third = await socket.receive_json_from(timeout=5)
        await socket.disconnect()
        return connected, first, second, third

    connected, first, second, third = async_to_sync(scenario)()

    assert connected
    assert (first["state"], first["progress"]) == ("pending", 0)
    assert (second["state"], second["progress"]) == ("pending", 40)
    assert (third["state"], third["error"]) == ("failed", "the corpus folder vanished")


def test_someone_else_cannot_follow_the_job(make_user):
    job = create_job(kind="import_corpus", created_by=make_user("ann"), enqueue=False)
    stranger = make_user("bob")

    async def scenario():
        socket = follow(job, stranger)
        connected, code = await socket.connect(timeout=10)
        return connected, code

    assert async_to_sync(scenario)() == (False, 4403)
