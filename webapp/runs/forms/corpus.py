"""The arguments of the corpus jobs: import a task folder tree, validate tasks in sandboxes, generate bug tasks
from a repository folder or a real bug's fixed tree."""

from __future__ import annotations

from django import forms

from corpus.real_bugs import RealBugNotFound, real_bug
from corpus.repository.corpus_root import REAL_TASKS_DIR
from harness.sandbox.backends import DEFAULT_BACKEND
from webapp.core.paths import form_path
from webapp.runs.forms.fields import (
    SANDBOXES,
    SPLITS,
    TaskNamesField,
    check_tasks,
    split_or_tasks,
    tasks_of_split,
)
from webapp.runs.selectors import real_bug_names

REPO_OR_REAL_BUG = ("give a repository folder or a real bug, not both: clear the folder to plant in the real "
                    "bug's fixed tree, or set the real bug to \"— (a repository folder instead)\"")


class ImportCorpusForm(forms.Form):
    root = forms.CharField(required=False, max_length=1000,
                           help_text="the folder holding the task folders, on the workers (default: the corpus)")
    splits = forms.CharField(required=False, max_length=1000, help_text="splits.json (default: next to the folder)")

    def clean_root(self):
        return form_path(self.cleaned_data.get("root"), "corpus root", must_be="folder")

    def clean_splits(self):
        return form_path(self.cleaned_data.get("splits"), "splits file", must_be="file")

    def params(self) -> dict:
        return {"root": self.cleaned_data["root"], "splits": self.cleaned_data["splits"]}


class ValidateCorpusForm(forms.Form):
    split = forms.ChoiceField(choices=[("", "— every task"), *SPLITS[1:]], required=False)
    tasks = TaskNamesField(required=False, help_text="task names instead (commas or spaces)")
    sandbox = forms.ChoiceField(choices=SANDBOXES, initial=DEFAULT_BACKEND)
    workers = forms.IntegerField(min_value=1, max_value=32, initial=2)
    repeat = forms.IntegerField(min_value=1, max_value=20, initial=1, help_text="runs per check (races)")

    def clean(self):
        super().clean()
        data = self.cleaned_data
        _, names = split_or_tasks(self, data)
        try:
            if names:
                check_tasks(names)
            elif data.get("split"):
                tasks_of_split(data["split"])
        except forms.ValidationError as exc:
            self.add_error("tasks" if names else "split", exc)
        return data

    def params(self) -> dict:
        data = self.cleaned_data
        return {"split": data.get("split") or "", "tasks": data.get("tasks") or [], "sandbox": data["sandbox"],
                "workers": data["workers"], "repeat": data["repeat"]}


class GenerateTasksForm(forms.Form):
    repo = forms.CharField(max_length=1000, required=False,
                           help_text="the repository's folder on the workers (its tests must pass)")
    from_real = forms.ChoiceField(
        choices=lambda: [("", "— (a repository folder instead)"), *((n, n) for n in real_bug_names())],
        required=False, label="From a real bug",
        help_text="or plant in a real bug's fixed tree, tested in its environment (the tasks name the real "
                  "corpus's history and commit instead of a copy)",
        error_messages={"invalid_choice": "%(value)s is not a real bug of the real corpus; choose one from the list"})
    seed = forms.IntegerField(min_value=0, max_value=2**31 - 1, initial=0, help_text="chooses and orders the candidates")
    max_tasks = forms.IntegerField(min_value=1, max_value=5000, initial=100, help_text="stop once this many are kept")
    max_candidates = forms.IntegerField(min_value=1, max_value=100000, required=False,
                                        help_text="candidates to try at most (default: 10 per wanted task)")
    sandbox = forms.ChoiceField(choices=SANDBOXES, initial=DEFAULT_BACKEND)
    workers = forms.IntegerField(min_value=1, max_value=32, initial=2)

    def clean_repo(self):
        return form_path(self.cleaned_data.get("repo"), "repository", must_be="folder")

    def clean_from_real(self):
        name = self.cleaned_data.get("from_real") or ""
        if name:
            try:  # listed is not enough: its meta.json must load as a real bug
                real_bug(name, REAL_TASKS_DIR)
            except RealBugNotFound as exc:
                raise forms.ValidationError(str(exc)) from None
        return name

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if "repo" in self.errors or "from_real" in self.errors:
            return data
        if data.get("repo") and data.get("from_real"):
            self.add_error("from_real", REPO_OR_REAL_BUG)
        elif not data.get("repo") and not data.get("from_real"):
            self.add_error("repo", "give the repository's folder on the workers, or choose a real bug below")
        return data

    def params(self) -> dict:
        data = self.cleaned_data
        source = {"from_real": data["from_real"]} if data.get("from_real") else {"repo": data["repo"]}
        return {**source, "seed": data["seed"], "max_tasks": data["max_tasks"],
                "max_candidates": data.get("max_candidates"), "sandbox": data["sandbox"], "workers": data["workers"]}
