from django.urls import path

from webapp.runs import views

urlpatterns = [
    path("jobs/", views.job_list, name="job_list"),
    path("jobs/compare/", views.run_compare, name="run_compare"),
    path("jobs/new/", views.launch_list, name="launch_list"),
    path("jobs/new/<str:kind>/", views.launch, name="launch"),
    path("jobs/<id:job_id>/", views.job_detail, name="job_detail"),
    path("jobs/<id:job_id>/cancel/", views.job_cancel, name="job_cancel"),
    path("jobs/<id:job_id>/retry/", views.job_retry, name="job_retry"),
    path("jobs/<id:job_id>/report/", views.job_report, name="job_report"),
    path("evals/", views.eval_list, name="eval_list"),
    path("evals/compare/", views.eval_compare, name="eval_compare"),
    path("evals/compare/<str:name>.png", views.compare_plot, name="compare_plot"),
    path("evals/<id:eval_id>/", views.eval_report, name="eval_report"),
    path("evals/<id:eval_id>/<str:name>.png", views.eval_plot, name="eval_plot"),
]
