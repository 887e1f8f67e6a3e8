"""Websocket routes (live debugger sessions, job progress). Apps append their consumers here."""

websocket_urlpatterns: list = []
