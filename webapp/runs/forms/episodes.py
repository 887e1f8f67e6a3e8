"""The arguments of an episode and of a paired eval."""

from __future__ import annotations

from django import forms

from harness.sandbox.backends import DEFAULT_BACKEND
from webapp.runs.forms.fields import (
    ARMS,
    SANDBOXES,
    SPLITS,
    PolicyFields,
    TaskChoiceField,
    TaskNamesField,
    check_tasks,
    split_or_tasks,
    tasks_of_split,
)


class EpisodeForm(PolicyFields):
    task = TaskChoiceField(max_length=200, help_text="a task of the catalog, by name")
    arm = forms.ChoiceField(choices=ARMS, initial="dbg")
    max_turns = forms.IntegerField(min_value=1, max_value=500, initial=30)
    sandbox = forms.ChoiceField(choices=SANDBOXES, initial=DEFAULT_BACKEND)

    field_order = ["task", "arm", "endpoint", "policy", "script", "max_turns", "sandbox"]

    def params(self) -> dict:
        data = self.cleaned_data
        return {"task": data["task"], "arm": data["arm"], "policy": data["policy"], "script": data["script"],
                "max_turns": data["max_turns"], "sandbox": data["sandbox"]}


class EvalForm(PolicyFields):
    name = forms.CharField(max_length=200, required=False, help_text="how the report is titled (default: the policy)")
    arms = forms.MultipleChoiceField(choices=ARMS, initial=["base", "dbg"], widget=forms.CheckboxSelectMultiple)
    split = forms.ChoiceField(choices=SPLITS, required=False, initial="heldout")
    tasks = TaskNamesField(required=False, help_text="task names separated by commas or spaces, instead of a split")
    runs = forms.IntegerField(min_value=1, max_value=20, initial=3, help_text="attempts per task and arm")
    max_turns = forms.IntegerField(min_value=1, max_value=500, initial=50)
    sandbox = forms.ChoiceField(choices=SANDBOXES, initial=DEFAULT_BACKEND)
    workers = forms.IntegerField(min_value=1, max_value=256, initial=4,
                                 help_text="episodes of this eval running at once (Celery workers share them)")

    field_order = ["name", "endpoint", "policy", "script", "arms", "split", "tasks", "runs", "max_turns", "sandbox", "workers"]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        split, names = split_or_tasks(self, data)
        if not split and not names:
            self.add_error("split", "pick a split, or name the tasks below")
        elif not (split and names):  # both: refused by split_or_tasks
            try:
                data["task_list"] = check_tasks(names) if names else tasks_of_split(split)
            except forms.ValidationError as exc:
                self.add_error("tasks" if names else "split", exc)
            data["task_names"] = names
        return data

    def params(self) -> dict:
        data = self.cleaned_data
        label = data["name"] or data["policy"] or "scripted policy"
        return {"name": label, "policy": data["policy"], "script": data["script"], "arms": list(data["arms"]),
                "split": data.get("split") or "", "tasks": data["task_names"], "runs": data["runs"],
                "max_turns": data["max_turns"], "sandbox": data["sandbox"], "workers": data["workers"]}
