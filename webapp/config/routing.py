"""Websocket routes (job progress now; live debugger sessions join here)."""

from webapp.runs.routing import websocket_urlpatterns as job_routes

websocket_urlpatterns: list = [*job_routes]
