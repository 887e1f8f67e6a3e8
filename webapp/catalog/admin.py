from django import forms
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from webapp.catalog.models import Adjudication, Preference, PreferenceLabel, Task
from webapp.catalog.services import add_preference_label
from webapp.core.admin_mixins import ReadOnlyAdminMixin


class PreferenceLabelInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = PreferenceLabel
    extra = 0
    fields = readonly_fields = ("annotator", "preference", "note", "created_at")


class TaskAdminForm(forms.ModelForm):
    """The task's columns, plus a label the staff member gives (recorded through the labeling service,
    so it is kept, counts for agreement and survives import_corpus)."""

    new_label = forms.ChoiceField(required=False, choices=[("", "— keep —"), *Preference.choices],
                                  label="Add my label",
                                  help_text="recorded as your label; meta.json's preference is never edited here")
    new_label_note = forms.CharField(required=False, label="Label note", widget=forms.Textarea(attrs={"rows": 2}))

    class Meta:
        model = Task
        fields = "__all__"


@admin.register(Task)
class TaskAdmin(admin.ModelAdmin):
    form = TaskAdminForm
    list_display = ["name", "category", "preference_in_force", "label_status", "split", "loc", "file_count",
                    "fix_diff_lines"]
    list_filter = ["category", "preference_in_force", "label_status", "split"]
    search_fields = ["name", "description"]
    # meta.json's preference and the files come from the corpus (import_corpus); labels decide the rest.
    readonly_fields = ["preference", "preference_in_force", "label_status", "page", "files", "meta",
                       "created_at", "updated_at"]
    inlines = [PreferenceLabelInline]

    @admin.display(description="task page")
    def page(self, obj):
        return format_html('<a href="{}">{}</a>', reverse("task_detail", args=[obj.name]), obj.name) if obj.pk else ""

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if form.cleaned_data.get("new_label"):
            add_preference_label(task=obj, annotator=request.user, preference=form.cleaned_data["new_label"],
                                 note=form.cleaned_data.get("new_label_note") or "")


@admin.register(PreferenceLabel)
class PreferenceLabelAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["task", "annotator", "preference", "created_at"]
    list_filter = ["preference", "annotator"]
    list_select_related = ["task", "annotator"]
    search_fields = ["task__name", "note"]


@admin.register(Adjudication)
class AdjudicationAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["task", "adjudicator", "preference", "created_at"]
    list_select_related = ["task", "adjudicator"]
    search_fields = ["task__name", "note"]
