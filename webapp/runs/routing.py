from django.urls import path

from webapp.runs.consumers import EpisodeFollower, JobFollower, JobListFollower

# ASGI consumers where Django's stubs expect views (channels routes with Django's path helper).
websocket_urlpatterns = [
    path("ws/jobs/", JobListFollower.as_asgi()),  # pyright: ignore[reportCallIssue, reportArgumentType]
    path("ws/jobs/<id:job_id>/", JobFollower.as_asgi()),  # pyright: ignore[reportCallIssue, reportArgumentType]
    path("ws/episodes/<id:episode_id>/", EpisodeFollower.as_asgi()),  # pyright: ignore[reportCallIssue, reportArgumentType]
]
