from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from webapp.core.admin_mixins import ReadOnlyAdminMixin
from webapp.trajectories.models import (
    EditRelevanceReview,
    ScoreReason,
    Step,
    Trajectory,
    TrajectoryReview,
    TrajectoryScore,
)


class StepInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Step
    extra = 0
    fields = readonly_fields = ("index", "turn", "tool", "arguments", "position_file", "position_line", "error",
                                "duration_ms")
    show_change_link = True

    def get_queryset(self, request):
        # Each row's title names its trajectory: one join instead of one query per step.
        return super().get_queryset(request).select_related("trajectory")


@admin.register(Trajectory)
class TrajectoryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    staff_may_delete = True
    list_display = ["episode_id", "task_name", "arm", "policy_kind", "policy_model", "verified", "exit_reason",
                    "turns", "debugger_started", "score", "started_at"]
    list_filter = ["arm", "verified", "exit_reason", "policy_kind", "debugger_started", "passed", "edit_relevant",
                   "split"]
    search_fields = ["=episode_id", "task_name", "policy_model"]
    readonly_fields = ["replay"]
    inlines = [StepInline]

    def has_delete_permission(self, request, obj=None):
        # Deleting recorded data is the admin's decision (the admin role), not every staff member's.
        return request.user.is_active and request.user.is_superuser

    def get_deleted_objects(self, objs, request):
        """A trajectory's steps, reviews and scores go with it: may the user delete the trajectory is
        the only question (Django would also ask it of each step, which nobody may delete on its own,
        and refuse with 403). The admin records each deletion in its history (LogEntry)."""
        to_delete, model_count, _perms_needed, protected = super().get_deleted_objects(objs, request)
        return to_delete, model_count, set(), protected

    @admin.display(description="replay")
    def replay(self, obj):
        return format_html('<a href="{}">open the replay</a>', reverse("replay", args=[obj.episode_id]))

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("task")


@admin.register(Step)
class StepAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["trajectory", "index", "turn", "tool", "error"]
    list_filter = ["tool", "error"]
    list_select_related = ["trajectory"]
    search_fields = ["observation"]
    search_help_text = "an episode id, or text in the observation"
    show_full_result_count = False  # counting every step of every trajectory costs more than the page

    def get_search_results(self, request, queryset, search_term):
        """An episode id finds its steps; other text is looked up in the observations through their
        trigram index (one OR across both tables would walk every step)."""
        term = search_term.strip()
        if not term:
            return queryset, False
        by_episode = queryset.filter(trajectory__episode_id=term)
        if by_episode.exists():
            return by_episode, False
        return queryset.filter(observation__icontains=term), False


@admin.register(EditRelevanceReview)
class EditRelevanceReviewAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["trajectory", "observation_step", "edit_step", "verdict", "proposed", "reviewer", "created_at"]
    list_filter = ["verdict", "proposed"]
    list_select_related = ["trajectory", "observation_step__trajectory", "edit_step__trajectory", "reviewer"]


@admin.register(TrajectoryReview)
class TrajectoryReviewAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["trajectory", "verdict", "reviewer", "created_at"]
    list_filter = ["verdict"]
    list_select_related = ["trajectory", "reviewer"]


class ScoreReasonInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = ScoreReason
    extra = 0
    fields = readonly_fields = ("kind", "rule", "message", "turns", "penalty")


@admin.register(TrajectoryScore)
class TrajectoryScoreAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Verdicts are written by the scorers (import_trajectories, score_trajectories), only read here."""

    list_display = ["trajectory", "policy_version", "score", "passed", "edit_relevant", "verified", "scored_at"]
    list_filter = ["policy_version", "passed", "edit_relevant", "reasons__rule"]
    list_select_related = ["trajectory"]
    search_fields = ["=trajectory__episode_id", "trajectory__task_name"]
    readonly_fields = ["trajectory", "policy_version", "edit_relevance_version", "score", "passed", "verified",
                       "edit_relevant", "quality", "scored_at"]
    inlines = [ScoreReasonInline]
