"""The arguments of the training-data jobs (rollouts, microskills, the SFT export) and of SFT and GRPO
training. The training data comes from the corpus the workers have on disk (``corpus/tasks`` and
``corpus/splits.json``, as the ``python -m training`` commands read it), so heldout tasks are refused by
the same guard; the checks here run on the web server's copy of it, and again on the worker."""

from __future__ import annotations

import json
from pathlib import Path

from django import forms
from django.core.exceptions import ValidationError

from harness.policies import PolicyError
from harness.sandbox.backends import DEFAULT_BACKEND
from training.config.load import CONFIGS_DIR, ConfigError, load_config
from training.datagen.errors import DataGenerationError
from training.datagen.tasks import select_tasks
from training.errors import TrainingError
from training.export import SOURCES as EXPORT_SOURCES  # the folder kinds an export reads
from training.microskills import SKILLS
from webapp.core.paths import form_path, form_spec
from webapp.endpoints.policies import check_web_spec
from webapp.runs.forms.fields import ARMS, SANDBOXES, TaskNamesField, check_script, split_or_tasks
from webapp.runs.forms.tiny_model import explain_refused_config

TRAINING_SPLITS = [("train", "train"), ("validation", "validation")]
FOLDER_HELP = "A folder on the workers (every worker must see it: a shared disk when workers run on several hosts)"


def shipped_configs() -> list[tuple[str, str]]:
    return [(p.stem, p.stem) for p in sorted(CONFIGS_DIR.glob("*.yaml"))]


def check_folder_text(value: str | None, field: str) -> str:
    """A folder from the form, confined to the data roots (webapp.core.paths); "" keeps the default."""
    return form_path(value, field)


class LinesField(forms.CharField):
    """Lines of text as typed, or a list as stored (arguments checked again on a retry)."""

    widget = forms.Textarea(attrs={"rows": 2})

    def to_python(self, value):
        if isinstance(value, list | tuple):
            value = "\n".join(str(v) for v in value)
        return super().to_python(value)


class TeacherFields(forms.Form):
    """Teachers (policy specs, one a line, taking turns) or one scripted teacher pasted here."""

    teachers = LinesField(required=False,
                               help_text="policy specs, one a line (endpoint:NAME, hf:PATH, script:FILE); attempt k "
                                         "is played by teacher k mod their number. Empty: paste a script below")
    script = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 4}),
                             help_text='a scripted teacher: {"tool_calls": [{"name": "bash", "arguments": '
                                       '{"command": "pytest -q"}}, …]}')

    def clean(self):
        super().clean()
        data = self.cleaned_data
        lines = [line.strip() for line in (data.get("teachers") or "").splitlines() if line.strip()]
        script = (data.get("script") or "").strip()
        if lines and script:
            self.add_error("script", "give teacher specs or a script, not both")
        elif not lines and not script:
            self.add_error("teachers", "give at least one teacher (e.g. endpoint:NAME) or paste a script below")
        elif script:
            try:
                data["script"] = check_script(script)
            except ValidationError as exc:
                self.add_error("script", exc)
        else:
            for i, line in enumerate(lines):
                try:
                    check_web_spec(line)
                    lines[i] = form_spec(line)  # a script:/replay: file confined to the data roots
                except PolicyError as exc:
                    self.add_error("teachers", f"{line}: {exc}")
                except ValidationError as exc:
                    self.add_error("teachers", exc)
        data["teacher_list"] = lines
        return data


class CorpusTasksFields(forms.Form):
    split = forms.ChoiceField(choices=[("", "— (name the tasks instead)"), *TRAINING_SPLITS], required=False,
                              initial="train", help_text="heldout tasks never become training data")
    tasks = TaskNamesField(required=False, help_text="task names of the corpus instead of a split")

    def clean(self):
        super().clean()
        data = self.cleaned_data
        split, names = split_or_tasks(self, data)
        if not split and not names:
            self.add_error("split", "pick a split, or name the tasks below")
        elif not (split and names):  # both: refused by split_or_tasks
            try:
                data["task_list"] = [t.name for t in select_tasks(split=split or None, names=names)]
            except DataGenerationError as exc:
                self.add_error("tasks" if names else "split", str(exc))
        return data


class RolloutsForm(TeacherFields, CorpusTasksFields):
    best_of = forms.IntegerField(min_value=1, max_value=32, initial=4, help_text="candidate episodes per task at most")
    arm = forms.ChoiceField(choices=ARMS, initial="dbg")
    max_turns = forms.IntegerField(min_value=1, max_value=500, initial=50)
    sandbox = forms.ChoiceField(choices=SANDBOXES, initial=DEFAULT_BACKEND)
    guidance = forms.BooleanField(required=False, initial=True,
                                  help_text="give the teacher generation-only guidance (never saved in the data)")
    workers = forms.IntegerField(min_value=1, max_value=256, initial=4,
                                 help_text="tasks played at once (Celery episode workers share them)")
    out = forms.CharField(required=False, max_length=1000,
                          help_text=f"the output folder; give an earlier run's to resume it. {FOLDER_HELP}. "
                                    "Default: a new folder under var/rollouts")

    field_order = ["teachers", "script", "split", "tasks", "best_of", "arm", "max_turns", "sandbox", "guidance",
                   "workers", "out"]

    def clean_out(self):
        return check_folder_text(self.cleaned_data.get("out"), "out")

    def params(self) -> dict:
        data = self.cleaned_data
        return {"teachers": data["teacher_list"], "script": data["script"], "split": data.get("split") or "",
                "tasks": data.get("tasks") or [], "best_of": data["best_of"], "arm": data["arm"],
                "max_turns": data["max_turns"], "sandbox": data["sandbox"], "guidance": bool(data.get("guidance")),
                "workers": data["workers"], "out": data.get("out") or ""}


class RolloutTaskForm(forms.Form):
    """One task of a rollouts job (a child job; its parent checked the rest)."""

    task = forms.CharField(max_length=200)

    def params(self) -> dict:
        return dict(self.data)


class MicroskillsForm(TeacherFields, CorpusTasksFields):
    skills = forms.MultipleChoiceField(choices=[(s.name, s.name) for s in SKILLS], required=False,
                                       widget=forms.CheckboxSelectMultiple, help_text="none ticked: every skill")
    per_skill = forms.IntegerField(min_value=1, max_value=100, initial=3, help_text="tasks per skill at most")
    attempts = forms.IntegerField(min_value=1, max_value=16, initial=2, help_text="candidates per exercise at most")
    workers = forms.IntegerField(min_value=1, max_value=64, initial=2, help_text="exercises played at once")
    sandbox = forms.ChoiceField(choices=SANDBOXES, initial=DEFAULT_BACKEND)
    out = forms.CharField(required=False, max_length=1000,
                          help_text=f"the output folder (resumable). {FOLDER_HELP}. Default: under var/microskills")

    field_order = ["teachers", "script", "skills", "split", "tasks", "per_skill", "attempts", "workers", "sandbox",
                   "out"]

    def clean_out(self):
        return check_folder_text(self.cleaned_data.get("out"), "out")

    def params(self) -> dict:
        data = self.cleaned_data
        return {"teachers": data["teacher_list"], "script": data["script"], "skills": list(data.get("skills") or []),
                "split": data.get("split") or "", "tasks": data.get("tasks") or [], "per_skill": data["per_skill"],
                "attempts": data["attempts"], "workers": data["workers"], "sandbox": data["sandbox"],
                "out": data.get("out") or ""}


class ExportForm(forms.Form):
    sources = LinesField(required=False,
                              help_text="rollouts, microskills or demonstrations folders, one a line (a finished "
                                        "job's folder is shown on its page); none when the live sessions below "
                                        "are the data")
    demonstrations = forms.BooleanField(
        required=False, label="Live sessions",
        help_text="also export the verified episodes people played by hand in live sessions, as the web app "
                  "stores them (the job writes them as a demonstrations folder first)")
    out = forms.CharField(required=False, max_length=1000,
                          help_text=f"the dataset folder (an earlier export there is replaced). {FOLDER_HELP}. "
                                    "Default: under var/exports")
    microskill_ratio = forms.FloatField(required=False, min_value=0,
                                        help_text="at most this many microskill rows per rollout row (empty: all)")
    validation_fraction = forms.FloatField(
        required=False, min_value=0, max_value=0.99,
        help_text="also put this share of the train tasks in validation. Empty: automatic, never an empty split "
                  "when the data allows, with human and synthetic examples on both sides")
    seed = forms.IntegerField(initial=0, min_value=0)
    allow_empty_validation = forms.BooleanField(
        required=False, help_text="write the dataset even when no example lands in validation (SFT here needs "
                                  "one; leave this off unless the dataset is for another trainer)")

    field_order = ["sources", "demonstrations"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        from webapp.trajectories.selectors import human_demonstration_count

        self.stored_demonstrations = human_demonstration_count()
        field = self.fields["demonstrations"]
        field.help_text = f"{field.help_text}: {self.stored_demonstrations} stored now"

    def clean_sources(self):
        folders = [line.strip() for line in (self.cleaned_data.get("sources") or "").splitlines() if line.strip()]
        problems = []
        for i, folder in enumerate(folders):
            try:
                folders[i] = folder = form_path(folder, "source folder")
            except ValidationError as exc:
                problems.extend(exc.messages)
                continue
            manifest = Path(folder) / "generation.json"
            try:
                kind = json.loads(manifest.read_text(encoding="utf-8")).get("kind")
            except (OSError, ValueError, AttributeError):
                problems.append(f"{folder}: no readable generation.json; give a folder written by a rollouts or "
                                "microskills job, or by 'manage.py export_demonstrations'")
                continue
            if kind not in EXPORT_SOURCES:
                problems.append(f"{folder}: a {kind!r} folder; expected rollouts, microskills or demonstrations")
        if problems:
            raise ValidationError(problems)
        return folders

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if "sources" in data and not data["sources"] and not data.get("demonstrations"):
            self.add_error("sources", "give at least one rollouts, microskills or demonstrations folder, or tick "
                                      "'Live sessions' to export the verified sessions stored here")
        if data.get("demonstrations") and not self.stored_demonstrations:
            self.add_error("demonstrations", "no verified live session is stored yet: a session a person played "
                                             "by hand (Live › open a session) that fixed the bug is one")
        return data

    def clean_out(self):
        return check_folder_text(self.cleaned_data.get("out"), "out")

    def params(self) -> dict:
        data = self.cleaned_data
        return {"sources": data["sources"], "demonstrations": bool(data.get("demonstrations")),
                "out": data.get("out") or "",
                "microskill_ratio": data.get("microskill_ratio"),
                "validation_fraction": data.get("validation_fraction"), "seed": data.get("seed") or 0,
                "allow_empty_validation": bool(data.get("allow_empty_validation"))}


class TrainingForm(forms.Form):
    """A training configuration (a shipped one, or a YAML document pasted here), its dataset, overrides."""

    command = ""  # "sft" or "grpo" (the subclasses)
    name = forms.CharField(required=False, max_length=200, help_text="the run's name (default: the config's)")
    config = forms.ChoiceField(choices=[("", "— paste a config below"), *shipped_configs()], required=False,
                               initial="tiny-cpu", help_text="a config of training/configs")
    config_text = forms.CharField(required=False, widget=forms.Textarea(attrs={"rows": 6}), label="Config file",
                                  help_text="a YAML training config instead (see training/configs for the keys)")
    overrides = LinesField(required=False,
                                help_text="KEY=VALUE, one a line, e.g. sft.max_steps=2")
    out = forms.CharField(required=False, max_length=1000,
                          help_text=f"the run folder; an unfinished run there resumes. {FOLDER_HELP}. "
                                    "Default: the job's own folder under var/data/runs (never the config's runs_dir)")

    def clean_out(self):
        return check_folder_text(self.cleaned_data.get("out"), "out")

    def overrides_list(self, data: dict) -> list[str]:
        return [line.strip() for line in (data.get("overrides") or "").splitlines() if line.strip()]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        name, text = data.get("config") or "", (data.get("config_text") or "").strip()
        if name and text:
            self.add_error("config_text", "pick a shipped config or paste one, not both")
            return data
        if not name and not text:
            self.add_error("config", "pick a shipped config or paste a YAML config below")
            return data
        typed = self.overrides_list(data)
        if any("=" not in line for line in typed):
            bad = next(line for line in typed if "=" not in line)
            self.add_error("overrides", f"{bad!r}: expected KEY=VALUE, e.g. sft.max_steps=2")
            return data
        overrides = typed + self.extra_overrides(data)
        document = None
        if text:
            import yaml

            try:
                document = yaml.safe_load(text)
            except yaml.YAMLError as exc:
                mark = getattr(exc, "problem_mark", None)
                where = f"line {mark.line + 1}: " if mark else ""
                self.add_error("config_text", f"{where}not valid YAML ({getattr(exc, 'problem', None) or exc})")
                return data
            if not isinstance(document, dict):
                self.add_error("config_text", "expected a mapping of keys (name, model, adapter, sft, grpo, ...)")
                return data
        source = document if document is not None else name
        try:
            loaded = load_config(source, command=self.command, overrides=overrides,
                                 source="the pasted config" if document is not None else None)
        except (ConfigError, TrainingError) as exc:
            # a config that trains the tiny model before it is built: refused with the job that builds it
            self.add_error("config_text" if text else "config",
                           explain_refused_config(source, self.command, overrides, exc) or str(exc))
            return data
        data["typed_overrides"], data["all_overrides"] = typed, overrides
        data["run_name"] = (data.get("name") or "").strip() or loaded.config.name
        data["base_model"] = loaded.config.model.path or loaded.config.model.hub or ""
        return data

    def extra_overrides(self, data: dict) -> list[str]:
        return []

    def params(self) -> dict:
        data = self.cleaned_data
        return {"name": data["run_name"], "config": data.get("config") or "",
                "config_text": (data.get("config_text") or "").strip(), "overrides": data["typed_overrides"],
                "all_overrides": data["all_overrides"], "out": data.get("out") or "", "base_model": data["base_model"],
                **self.extra_params(data)}

    def extra_params(self, data: dict) -> dict:
        return {}


class SFTForm(TrainingForm):
    command = "sft"
    dataset = forms.CharField(required=False, max_length=1000,
                              help_text="the SFT dataset folder an export job wrote (empty: the config's sft.dataset)")
    field_order = ["name", "config", "config_text", "dataset", "overrides", "out"]

    def clean_dataset(self):
        folder = check_folder_text(self.cleaned_data.get("dataset"), "dataset")
        if folder:
            check_splits(Path(folder))
        return folder

    def extra_overrides(self, data: dict) -> list[str]:
        return [f"sft.dataset={data['dataset']}"] if data.get("dataset") else []

    def extra_params(self, data: dict) -> dict:
        return {"dataset": data.get("dataset") or ""}


def check_splits(folder: Path) -> None:
    """SFT trains on train and evaluates on validation: an empty split failed inside `datasets` (a 500)."""
    problems = []
    for split in ("train", "validation"):
        rows = split_rows(folder, split)
        if rows == 0 and split == "validation":
            problems.append(f"{folder}: the validation split is empty; export again with a validation fraction "
                            "above 0 (or rollouts of the validation split)")
        elif rows == 0:
            problems.append(f"{folder}: the train split is empty")
    if problems:
        raise ValidationError(problems)


def split_rows(folder: Path, split: str) -> int | None:
    """Rows of one split of an SFT dataset folder (its JSON Lines file), None when the file is missing."""
    path = folder / f"{split}.jsonl"
    try:
        with path.open(encoding="utf-8") as handle:
            return sum(1 for line in handle if line.strip())
    except OSError:
        return None


class GRPOForm(TrainingForm):
    command = "grpo"
    tasks = TaskNamesField(required=False, help_text="corpus tasks to train on (empty: the config's grpo.tasks)")
    field_order = ["name", "config", "config_text", "tasks", "overrides", "out"]

    def extra_overrides(self, data: dict) -> list[str]:
        names = data.get("tasks") or []
        return [f"grpo.tasks={json.dumps(names)}"] if names else []

    def extra_params(self, data: dict) -> dict:
        return {"tasks": data.get("tasks") or []}
