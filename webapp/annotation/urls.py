from django.urls import path

from webapp.annotation import export_views, task_views

urlpatterns = [
    path("", task_views.task_list, name="home"),
    path("tasks/<str:name>/", task_views.task_detail, name="task_detail"),
    path("label/", task_views.label_queue, name="label_queue"),
    path("labels/settings/", task_views.labeling_settings, name="labeling_settings"),
    path("label/<str:name>/", task_views.label_task, name="label_task"),
    path("labels/disagreements/", task_views.disagreements, name="disagreements"),
    path("labels/disagreements/<str:name>/", task_views.adjudicate_task, name="adjudicate"),
    path("labels/contradictions/", task_views.contradictions, name="contradictions"),
    path("export/", export_views.export_page, name="export"),
    path("export/dataset.zip", export_views.export_dataset, name="export_dataset"),
    path("export/<str:kind>.jsonl", export_views.export_jsonl, name="export_jsonl"),
]
