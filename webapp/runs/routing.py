from django.urls import path

from webapp.runs.consumers import EpisodeFollower, JobFollower, JobListFollower

websocket_urlpatterns = [
    path("ws/jobs/", JobListFollower.as_asgi()),
    path("ws/jobs/<id:job_id>/", JobFollower.as_asgi()),
    path("ws/episodes/<id:episode_id>/", EpisodeFollower.as_asgi()),
]
