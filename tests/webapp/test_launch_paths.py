"""Every path and policy file a job form takes is checked before anything is queued (webapp.core.paths):
a missing script file or corpus root is a form error naming its field, not a job that fails later."""

from __future__ import annotations

import pytest

from tests.helpers.jobs import refused


@pytest.mark.django_db
def test_an_eval_with_a_missing_script_policy_file_is_refused_on_the_policy_field(tmp_path, catalog_task):
    missing = tmp_path / "calls.json"
    errors = refused("eval", name="x", policy=f"script:{missing}", arms=["base"], split="",
                     tasks="counter_reset", runs=1, max_turns=8, sandbox="bwrap", workers=1)
    assert f"script file {missing} is not a file" in " ".join(errors["policy"])


@pytest.mark.django_db
def test_an_import_with_a_missing_root_or_splits_file_is_refused_before_it_is_queued(tmp_path):
    errors = refused("import_corpus", root=str(tmp_path / "no-tasks"), splits=str(tmp_path / "splits.json"))
    assert f"corpus root {tmp_path / 'no-tasks'} is not a folder" in " ".join(errors["root"])
    assert f"splits file {tmp_path / 'splits.json'} is not a file" in " ".join(errors["splits"])


@pytest.mark.django_db
def test_typed_task_names_win_over_the_split_left_at_its_default_but_not_over_one_picked(tmp_path, catalog_task):
    from webapp.runs.forms.episodes import EvalForm
    from webapp.runs.forms.fields import SPLIT_OR_TASKS

    script = tmp_path / "calls.json"
    script.write_text('{"tool_calls": []}')
    fields = {"name": "x", "policy": f"script:{script}", "arms": ["base"], "tasks": "counter_reset", "runs": 1,
              "max_turns": 8, "sandbox": "bwrap", "workers": 1}

    untouched = EvalForm({**fields, "split": EvalForm.base_fields["split"].initial})
    assert untouched.is_valid(), untouched.errors
    assert untouched.cleaned_data["task_list"] == ["counter_reset"] and untouched.params()["split"] == ""

    picked = EvalForm({**fields, "split": "train"})
    assert not picked.is_valid() and SPLIT_OR_TASKS in picked.errors["tasks"]
