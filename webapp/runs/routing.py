from django.urls import path

from webapp.runs.consumers import EpisodeFollower, JobFollower, JobListFollower

websocket_urlpatterns = [
    path("ws/jobs/", JobListFollower.as_asgi()),
    path("ws/jobs/<int:job_id>/", JobFollower.as_asgi()),
    path("ws/episodes/<int:episode_id>/", EpisodeFollower.as_asgi()),
]
