"""Bad input in the launch forms, typed into Chromium as a researcher would: each refusal is shown on
the field it is about, no page answers 500, and nothing is queued."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.training.conftest import example, write_sft_dataset
from tests.webapp.browser.conftest import SMALL_PHONE, fits_width, log_in, screenshots
from webapp.runs.models import Job

LEDGER = Path(__file__).resolve().parents[2] / "fixtures" / "repos" / "ledger"

pytestmark = pytest.mark.django_db(transaction=True)


def field_error(page, field: str) -> str:
    errors = page.locator(f"#id_{field}_errors")
    return errors.inner_text() if errors.count() else ""


@pytest.mark.slow
def test_bad_paths_policy_files_and_datasets_are_refused_on_their_fields(new_page, catalog_task, make_user,
                                                                         tmp_path):
    make_user("res", role="researcher")
    no_validation = write_sft_dataset(tmp_path / "one-split",
                                      {"train": [example("bulk_upload_batches", "train", 1)], "validation": []}, saved=False)
    page = new_page()
    server_errors: list[str] = []
    page.on("response", lambda r: server_errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    log_in(page, "res")

    page.goto("/jobs/new/eval/")
    page.fill("#id_name", "bad policy")
    page.fill("#id_policy", "script:/nonexistent/calls.json")
    page.fill("#id_tasks", "counter_reset")
    page.click("form.launchform button[type=submit]")
    assert "is not under a data root" in field_error(page, "policy")  # confined, and the roots are named
    page.fill("#id_policy", f"script:{tmp_path / 'calls.json'}")
    page.click("form.launchform button[type=submit]")
    assert f"{tmp_path / 'calls.json'} is not a file" in field_error(page, "policy")

    page.goto("/jobs/new/import_corpus/")
    page.fill("#id_root", str(tmp_path / "no-such-corpus"))
    page.click("form.launchform button[type=submit]")
    assert "is not a folder" in field_error(page, "root")
    page.fill("#id_root", "relative/tasks")  # the one rule for relative paths, on this form too
    page.click("form.launchform button[type=submit]")
    assert field_error(page, "root")

    page.goto("/jobs/new/export_sft/")
    page.fill("#id_sources", str(tmp_path / "no-rollouts-here"))
    page.click("form.launchform button[type=submit]")
    assert "no-rollouts-here" in field_error(page, "sources")

    page.goto("/jobs/new/sft/")
    page.fill("#id_dataset", str(no_validation))
    page.click("form.launchform button[type=submit]")
    assert "validation" in field_error(page, "dataset")
    screenshots(page, "sft-refused", phone=SMALL_PHONE)
    assert fits_width(page)

    assert server_errors == []
    assert not Job.objects.exists()  # a refused launch queues nothing


@pytest.mark.slow
def test_naming_tasks_clears_the_split_so_it_never_looks_used(new_page, catalog_task, make_user):
    make_user("res", role="researcher")
    page = new_page()
    log_in(page, "res")
    page.goto("/jobs/new/eval/")
    assert page.input_value("select[name=split]") == "heldout"  # the default

    page.fill("#id_tasks", "counter_reset")

    assert page.input_value("select[name=split]") == ""  # "name the tasks instead"


@pytest.mark.slow
def test_the_generate_form_refuses_a_test_path_out_of_the_repository_and_keeps_the_choices_made(new_page, make_user):
    make_user("res", role="researcher")
    page = new_page()
    server_errors: list[str] = []
    page.on("response", lambda r: server_errors.append(f"{r.status} {r.url}") if r.status >= 500 else None)
    log_in(page, "res")

    page.goto("/jobs/new/generate_tasks/")
    page.fill("#id_repo", str(LEDGER))  # a repository folder under the data roots
    page.fill("#id_tests", "tests\n../ledger/tests")
    page.check("input[name=operators][value=wrong_variable]")
    page.check("input[name=operators][value=boundary_flip]")
    page.select_option("#id_order", "seed")
    page.fill("#id_timeout_s", "4")
    page.check("#id_published")
    page.click("form.launchform button[type=submit]")

    assert "'..' leaves the repository" in field_error(page, "tests")
    assert field_error(page, "timeout_s")  # below the least a test run is given
    # What was chosen is still chosen: only the refused fields need retyping.
    checked = page.locator("input[name=operators]:checked")
    assert sorted(checked.evaluate_all("boxes => boxes.map(b => b.value)")) == ["boundary_flip", "wrong_variable"]
    assert page.input_value("#id_order") == "seed" and page.is_checked("#id_published")
    screenshots(page, "generate-refused")
    assert fits_width(page)

    page.fill("#id_tests", "tests")
    page.fill("#id_timeout_s", "30")
    page.click("form.launchform button[type=submit]")
    page.wait_for_url("**/jobs/*/")
    params = Job.objects.get().params
    assert (params["tests"], set(params["operators"]), params["order"], params["timeout_s"], params["published"]) == (
        ["tests"], {"wrong_variable", "boundary_flip"}, "seed", 30, True)
    assert server_errors == []
