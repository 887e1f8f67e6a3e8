"""Fields the launch forms share: tasks from the catalog, a policy, a sandbox."""

from __future__ import annotations

import difflib
import json
import re
import tempfile
from pathlib import Path
from typing import cast

from django import forms
from django.core.exceptions import ValidationError

from harness.policies import PolicyError
from harness.policies.script import load_script
from harness.sandbox.backends import BACKENDS, ISOLATING
from webapp.catalog.models import Split, Task
from webapp.core.paths import form_spec
from webapp.endpoints.policies import ENDPOINT_KIND, check_web_spec
from webapp.endpoints.selectors import endpoint_names

SANDBOXES = [(name, f"{name} ({BACKENDS[name]})") for name in ISOLATING]
ARMS = [("base", "base: shell + files"), ("dbg", "dbg: base + debugger")]
SPLITS = [("", "— (name the tasks instead)"), *[(v, label) for v, label in Split.choices if v]]
SPLIT_OR_TASKS = ("give a split or task names, not both: set the split to \"— (name the tasks instead)\" to play "
                  "these tasks, or clear them to play the split")


def task_names(value) -> list[str]:
    """Names from text (commas, spaces, new lines) or a list (stored arguments being checked again)."""
    if isinstance(value, list | tuple):
        value = " ".join(str(v) for v in value)
    return [name for name in re.split(r"[\s,]+", value or "") if name]


def check_tasks(names: list[str]) -> list[str]:
    """The names, each a task of the catalog; else a message naming the unknown ones and near misses."""
    known = set(Task.objects.filter(name__in=names).values_list("name", flat=True))
    unknown = [name for name in names if name not in known]
    if unknown:
        everything = list(Task.objects.values_list("name", flat=True))
        hints = []
        for name in unknown[:5]:
            close = difflib.get_close_matches(name, everything, n=2)
            hints.append(f"{name}" + (f" (did you mean {' or '.join(close)}?)" if close else ""))
        raise ValidationError(f"not in the catalog: {', '.join(hints)}; import the corpus first or check the names")
    return list(dict.fromkeys(names))


def split_or_tasks(form: forms.Form, data: dict) -> tuple[str, list[str]]:
    """The split and the task names a form asks for. Typed names win over a split left at its default
    (the person named tasks and did not touch the split); a split they picked, and names too, is refused."""
    split, names = data.get("split") or "", data.get("tasks") or []
    if split and names:
        if "split" not in form.changed_data:
            data["split"] = split = ""
        else:
            form.add_error("tasks", SPLIT_OR_TASKS)
    return split, names


def tasks_of_split(split: str) -> list[str]:
    names = list(Task.objects.filter(split=split).order_by("name").values_list("name", flat=True))
    if not names:
        raise ValidationError(f"no task of the catalog is in the {split} split; import the corpus or pick another")
    return names


class TaskNamesField(forms.CharField):
    """Task names as typed (commas, spaces, new lines) or as stored (a list); cleans to a list."""

    widget = forms.Textarea(attrs={"rows": 2})

    def to_python(self, value):
        return task_names(value)

    def validate(self, value):
        if self.required and not value:
            raise ValidationError(self.error_messages["required"], code="required")

    def run_validators(self, value):
        pass


class TaskChoiceField(forms.CharField):
    """One task of the catalog, by name."""

    def clean(self, value):
        value = super().clean(value)
        return check_tasks([value.strip()])[0] if value else value


def check_script(text: str) -> str:
    """The scripted policy's calls (JSON), checked as harness.policies.script checks a file."""
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8") as handle:
        handle.write(text)
    try:
        load_script(handle.name)
    except PolicyError as exc:
        raise ValidationError(str(exc).replace(f"script: {handle.name}: ", "")) from None
    finally:
        Path(handle.name).unlink(missing_ok=True)
    return json.dumps(json.loads(text))


class PolicyFields(forms.Form):
    """A registered model endpoint, a policy spec (endpoint:NAME, hf:PATH, script:FILE, replay:FILE), or a
    script pasted here. A spec from the web never names a URL (see ``webapp.endpoints.policies``)."""

    endpoint = forms.ChoiceField(required=False, choices=[],
                                 help_text="a model server an admin registered (admin: Model endpoints)")
    policy = forms.CharField(required=False, max_length=500,
                             help_text="or a spec: endpoint:NAME?temperature=0.2, hf:PATH or script:FILE (a path on "
                                       "the workers); leave both empty to paste a script below")
    script = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 5}),
                             help_text='scripted policy: {"tool_calls": [{"name": "bash", "arguments": '
                                       '{"command": "pytest -q"}}, …]} (then done)')

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["endpoint"]).choices = [("", "—"), *[(name, name) for name in endpoint_names()]]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        endpoint = data.pop("endpoint", "") or ""
        policy, script = (data.get("policy") or "").strip(), (data.get("script") or "").strip()
        if endpoint and policy:
            self.add_error("policy", f"pick an endpoint or type a spec, not both (for options type "
                                     f"{ENDPOINT_KIND}:{endpoint}?temperature=0.2 here and leave the endpoint empty)")
        policy = policy or (f"{ENDPOINT_KIND}:{endpoint}" if endpoint else "")
        if policy and script:
            self.add_error("script", "give a policy or a script, not both")
        elif not policy and not script:
            self.add_error("policy", "pick a model endpoint, give a policy spec or paste a script below")
        elif script:
            try:
                data["script"] = check_script(script)
            except ValidationError as exc:
                self.add_error("script", exc)
        else:
            try:
                check_web_spec(policy)
                policy = form_spec(policy)
            except PolicyError as exc:
                self.add_error("policy", str(exc))
            except ValidationError as exc:
                self.add_error("policy", exc)
            data["policy"] = policy
        return data
