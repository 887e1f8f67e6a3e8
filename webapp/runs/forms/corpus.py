"""The arguments of the corpus jobs: import a task folder tree, validate tasks in sandboxes, generate bug tasks
from a repository folder or a real bug's fixed tree."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from django import forms

from corpus.plant.operators import OPERATORS
from corpus.real_bugs import RealBugNotFound, real_bug
from corpus.repository.corpus_root import REAL_TASKS_DIR
from harness.sandbox.backends import DEFAULT_BACKEND
from validation.generate.choice import ORDERS
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

# Seconds one candidate's test run may take: below, a slow suite times out every candidate; above, a hung
# candidate holds its sandbox for an hour.
TIMEOUT_S = (5, 3600)
DEFAULT_TIMEOUT_S = 60


def suite_path_problem(path: str) -> str:
    """Why ``path``, one test file or folder of the suite, is refused ("" when it is not): it is read relative
    to the repository's root and must stay inside it (the generator checks again, symbolic links too)."""
    if PurePosixPath(path).is_absolute() or path.startswith("~"):
        return f"{path}: give the path relative to the repository's root, such as tests/test_app.py"
    if ".." in PurePosixPath(path).parts:
        return f"{path}: '..' leaves the repository; give a path inside it, relative to its root"
    return ""


class SuitePathsField(forms.CharField):
    """Test files or folders, one a line as typed, or a list as stored; cleans to a list (empty lines left out)."""

    widget = forms.Textarea(attrs={"rows": 3})

    def to_python(self, value):
        lines = value if isinstance(value, list | tuple) else str(value or "").splitlines()
        return list(dict.fromkeys(line for line in (str(v).strip() for v in lines) if line))

    def validate(self, value):
        problems = [problem for path in value if (problem := suite_path_problem(path))]
        if problems:
            raise forms.ValidationError(problems)

    def run_validators(self, value):
        pass


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
    # The names below are the job's arguments too: a retried job's stored arguments are read back by this form.
    tests = SuitePathsField(
        required=False, label="Test files or folders",
        help_text="one a line, relative to the repository's root, when pytest's discovery misses the suite "
                  "(such as tqdm's tqdm/tests/tests_*.py); a folder stands for its test*.py and *_test.py "
                  "modules (default: what pytest discovers)")
    operators = forms.MultipleChoiceField(
        choices=lambda: [(o.name, f"{o.name}: {o.description}") for o in OPERATORS.values()], required=False,
        widget=forms.CheckboxSelectMultiple, help_text="plant only these (default: every operator)",
        error_messages={"invalid_choice": "%(value)s is not an operator of the generator; choose from the list"})
    order = forms.ChoiceField(
        choices=[(name, name) for name in ORDERS], initial=ORDERS[0], required=False,
        help_text="which candidates first: 'indirect' (functions the tests reach only through other code, and "
                  "operators whose wrong value is stored and read later) or 'seed' (the seed's order alone)")
    timeout_s = forms.IntegerField(min_value=TIMEOUT_S[0], max_value=TIMEOUT_S[1], initial=DEFAULT_TIMEOUT_S,
                                   required=False, label="Timeout (seconds)",
                                   help_text="for one candidate's test run")
    published = forms.BooleanField(
        required=False, label="Leave out published changes",
        help_text="leave out changes already published in the committed corpus (corpus/generated): planting "
                  "at another commit of a project it holds tasks from finds mostly the same functions")

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

    def clean_operators(self):  # the registry's order, each once
        chosen = set(self.cleaned_data.get("operators") or ())
        return [name for name in OPERATORS if name in chosen]

    def clean(self):
        super().clean()
        data = self.cleaned_data
        if data.get("repo") and data.get("tests") and "tests" not in self.errors:
            repo = Path(data["repo"]).resolve()  # a real bug's tree is not at hand: the job checks those
            missing = [path for path in data["tests"] if not _inside(repo, repo / path)]
            if missing:
                self.add_error("tests", f"not in {data['repo']}: {', '.join(missing)}; give files or folders "
                                        "of the repository, relative to its root")
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
                "max_candidates": data.get("max_candidates"), "sandbox": data["sandbox"], "workers": data["workers"],
                "tests": data.get("tests") or [], "operators": data.get("operators") or [],
                "order": data.get("order") or ORDERS[0],
                "timeout_s": data["timeout_s"] if data.get("timeout_s") is not None else DEFAULT_TIMEOUT_S,
                "published": bool(data.get("published"))}


def _inside(root: Path, path: Path) -> bool:
    """Whether ``path`` exists and, its links followed, is ``root`` or inside it."""
    resolved = path.resolve()
    return resolved.exists() and (resolved == root or root in resolved.parents)
