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
