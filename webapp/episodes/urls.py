from django.urls import path

from webapp.episodes import views

urlpatterns = [
    path("live/", views.live_list, name="live_list"),
    path("live/sessions/", views.open_session, name="open_session"),
    path("episodes/<id:episode_pk>/", views.episode_page, name="live_episode"),
    path("episodes/<id:episode_pk>/turn/<id:turn>/", views.episode_page, name="live_episode_turn"),
    path("episodes/<id:episode_pk>/turn/<id:turn>/panel/", views.episode_panel, name="live_episode_panel"),
    path("episodes/<id:episode_pk>/calls/", views.session_call, name="session_call"),
]
