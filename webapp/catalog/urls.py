from django.urls import path

from webapp.catalog import views

urlpatterns = [
    path("", views.task_list, name="home"),
    path("tasks/<str:name>/", views.task_detail, name="task_detail"),
    path("label/", views.label_queue, name="label_queue"),
    path("label/<str:name>/", views.label_task, name="label_task"),
    path("labels/disagreements/", views.disagreements, name="disagreements"),
    path("labels/disagreements/<str:name>/", views.adjudicate_task, name="adjudicate"),
    path("labels/contradictions/", views.contradictions, name="contradictions"),
]
