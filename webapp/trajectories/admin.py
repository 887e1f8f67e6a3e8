from django.contrib import admin

from webapp.trajectories.models import EditRelevanceReview, Step, Trajectory


class StepInline(admin.TabularInline):
    model = Step
    extra = 0
    fields = ["index", "turn", "tool", "arguments", "position_file", "position_line", "error", "duration_ms"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True


@admin.register(Trajectory)
class TrajectoryAdmin(admin.ModelAdmin):
    list_display = ["episode_id", "task_name", "arm", "policy_kind", "policy_model", "verified",
                    "exit_reason", "turns", "debugger_started", "started_at"]
    list_filter = ["arm", "verified", "exit_reason", "policy_kind", "debugger_started", "split"]
    search_fields = ["episode_id", "task_name", "policy_model"]
    readonly_fields = ["imported_at", "updated_at"]
    raw_id_fields = ["task"]
    inlines = [StepInline]


@admin.register(Step)
class StepAdmin(admin.ModelAdmin):
    list_display = ["trajectory", "index", "turn", "tool", "error"]
    list_filter = ["tool", "error"]
    search_fields = ["trajectory__episode_id", "observation"]
    raw_id_fields = ["trajectory"]


@admin.register(EditRelevanceReview)
class EditRelevanceReviewAdmin(admin.ModelAdmin):
    list_display = ["trajectory", "observation_step", "edit_step", "verdict", "reviewer", "created_at"]
    list_filter = ["verdict"]
    raw_id_fields = ["trajectory", "observation_step", "edit_step"]
    readonly_fields = ["created_at"]
