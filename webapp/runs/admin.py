from django.contrib import admin, messages

from webapp.core.admin_mixins import ReadOnlyAdminMixin
from webapp.runs.models import Episode, EvalRun, Job, TrainingRun
from webapp.runs.services import JobIsOver, cancel_job, retry_job


@admin.register(Job)
class JobAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Jobs are made by the launch pages (``create_job``) and changed only by their workers and the
    cancel / retry services: here they are shown, and cancelled or retried through those services."""

    list_display = ["id", "kind", "state", "progress_done", "progress_total", "parent", "created_by", "created_at",
                    "finished_at"]
    list_filter = ["state", "kind", "queue"]
    search_fields = ["kind", "error", "worker"]
    actions = ["cancel", "retry"]

    @admin.action(description="Cancel the selected jobs")
    def cancel(self, request, queryset):
        for job in queryset:
            try:
                cancel_job(job=job, by=request.user)
            except JobIsOver as exc:
                self.message_user(request, str(exc), messages.WARNING)

    @admin.action(description="Retry the selected jobs (new jobs with the same arguments)")
    def retry(self, request, queryset):
        for job in queryset:
            try:
                new = retry_job(job=job, by=request.user)
                self.message_user(request, f"job {job.id} retried as job {new.id}")
            except ValueError as exc:
                self.message_user(request, str(exc), messages.WARNING)

    def get_actions(self, request):
        # Actions change jobs, which the read-only mixin's permissions would hide; staff may act.
        actions = super().get_actions(request)
        return actions if getattr(request.user, "is_staff", False) else {}

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and getattr(request.user, "is_staff", False)


@admin.register(Episode)
class EpisodeAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["episode_id", "task_name", "arm", "run", "driver", "turns", "exit_reason", "verified", "created_at"]
    list_filter = ["driver", "arm", "exit_reason"]
    search_fields = ["episode_id", "task_name"]
    raw_id_fields = ["job", "trajectory", "eval_run"]


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
