from django.contrib import admin

from webapp.runs.models import EvalRun, Job, TrainingRun


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = ["id", "kind", "state", "progress", "created_by", "created_at", "finished_at"]
    list_filter = ["state", "kind"]
    search_fields = ["kind", "error", "log"]
    readonly_fields = ["created_at", "started_at", "finished_at", "updated_at", "celery_task_id"]


@admin.register(EvalRun)
class EvalRunAdmin(admin.ModelAdmin):
    list_display = ["name", "job", "created_by", "created_at"]
    search_fields = ["name"]
    raw_id_fields = ["job", "trajectories"]


@admin.register(TrainingRun)
class TrainingRunAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "base_model", "job", "created_by", "created_at"]
    list_filter = ["kind"]
    search_fields = ["name", "base_model"]
    raw_id_fields = ["job"]
