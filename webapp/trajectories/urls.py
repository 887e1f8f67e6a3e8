from django.urls import path

from webapp.trajectories import review_views, views

urlpatterns = [
    path("trajectories/", views.trajectory_list, name="trajectory_list"),
    path("trajectories/<str:episode_id>/", views.replay, name="replay"),
    path("trajectories/<str:episode_id>/turn/<id:turn>/", views.replay, name="replay_turn"),
    path("trajectories/<str:episode_id>/turn/<id:turn>/panel/", views.step_panel, name="step_panel"),
    path("trajectories/<str:episode_id>/step/<id:index>/observation/", views.step_observation,
         name="step_observation"),
    path("trajectories/<str:episode_id>/side-by-side/", views.side_by_side, name="side_by_side"),
    path("trajectories/<str:episode_id>/review/", views.review, name="trajectory_review"),
    path("trajectories/<str:episode_id>/review/link/", views.decide_link, name="decide_link"),
    path("trajectories/<str:episode_id>/review/verdict/", views.give_verdict, name="give_verdict"),
    path("reviews/", views.review_overview, name="review_overview"),
    path("reviews/disagreements/", review_views.review_disagreements, name="review_disagreements"),
    path("reviews/disagreements/<str:episode_id>/", review_views.adjudicate_review, name="adjudicate_review"),
]
