from django.contrib import admin

from webapp.catalog.models import PreferenceLabel, Task


class PreferenceLabelInline(admin.TabularInline):
    model = PreferenceLabel
    extra = 0
    readonly_fields = ["annotator", "preference", "note", "created_at"]
    can_delete = False  # every label is kept


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin):
    list_display = ["name", "category", "preference", "split", "loc", "file_count", "fix_diff_lines"]
    list_filter = ["category", "preference", "split"]
    search_fields = ["name", "description"]
    readonly_fields = ["created_at", "updated_at"]
    inlines = [PreferenceLabelInline]


@admin.register(PreferenceLabel)
class PreferenceLabelAdmin(admin.ModelAdmin):
    list_display = ["task", "annotator", "preference", "created_at"]
    list_filter = ["preference", "annotator"]
    search_fields = ["task__name", "note"]
    readonly_fields = ["created_at"]
    autocomplete_fields = ["task"]

    def has_delete_permission(self, request, obj=None):
        return False  # history is the point: a new label supersedes, nothing is erased
