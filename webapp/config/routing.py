"""Websocket routes (job progress, live episodes); any other path is refused with close code 4404."""

from django.urls import re_path

from webapp.live.follow import unknown_path
from webapp.runs.routing import websocket_urlpatterns as job_routes

# An ASGI application where Django's stubs expect a view (channels routes with Django's path helpers).
websocket_urlpatterns: list = [*job_routes, re_path(r"", unknown_path)]  # pyright: ignore[reportCallIssue, reportArgumentType]
