"""Every path a user gives is confined and owned: training run folders and names, ``hf:`` targets,
output folders owned by the job's user, the app's own ``var/`` never a data root, and pages that show a
data folder relative to its root, never the host's path."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from tests.webapp.test_job_pages import _eval_report
from webapp.core.paths import data_dir, data_path
from webapp.runs.models import EvalRun
from webapp.runs.registry import JobParamsError
from webapp.runs.services import create_job

pytestmark = pytest.mark.django_db


@pytest.fixture()
def data_root(tmp_path, settings):
    root = tmp_path / "data"
    root.mkdir()
    settings.STEPWISE_DATA_ROOTS = [root]
    settings.STEPWISE_TASKS_DIR = root / "corpus" / "tasks"
    return root.resolve()


def test_an_eval_report_page_shows_its_folder_relative_to_the_data_root(client, make_user, data_root, tmp_path):
    """It was: the page showed the eval's absolute folder on the host."""
    inside = data_root / "evals" / "7"
    inside.mkdir(parents=True)
    shown = EvalRun.objects.create(name="inside", report=_eval_report("m", {"t1"}), out_dir=str(inside))
    outside = EvalRun.objects.create(name="outside", report=_eval_report("m", {"t1"}),
                                     out_dir=str(tmp_path / "elsewhere" / "evals"))
    client.force_login(make_user("ann", role="annotator"))

    page = client.get(reverse("eval_report", args=[shown.pk])).content.decode()
    other = client.get(reverse("eval_report", args=[outside.pk])).content.decode()

    assert "<code>evals/7</code>" in page
    assert str(tmp_path) not in page and str(tmp_path) not in other
    assert "(a folder on the workers)" in other


def test_a_path_through_a_link_this_process_may_not_read_is_a_refusal_not_a_500(client, make_user, data_root):
    """It was: ``root=/proc/1/root/…`` raised PermissionError in realpath, a 500."""
    client.force_login(make_user("res"))
    given = f"/proc/1/root{data_root}/tasks"

    page = client.post(reverse("launch", args=["import_corpus"]), {"root": given, "splits": ""})

    assert page.status_code == 400
    assert "not under a data root" in " ".join(page.context["form"].errors["root"])
    with pytest.raises(JobParamsError, match="not under a data root"):
        create_job(kind="import_corpus", params={"root": given})


@pytest.mark.parametrize("name", ["secret_key", "admin-password", "stepwise.sqlite3", "celery/queue", "."])
def test_the_apps_own_var_folder_is_never_a_data_root(settings, tmp_path, name):
    """It was: ``splits=admin-password`` opened var/admin-password (var/ was the first data root)."""
    var = tmp_path / "var"
    (var / "celery").mkdir(parents=True)
    (var / "data").mkdir()
    for file in ("secret_key", "admin-password", "stepwise.sqlite3", "celery/queue"):
        (var / file).write_text("private")
    settings.VAR_DIR = var
    settings.STEPWISE_DATA_ROOTS = [var, tmp_path]  # even an admin's root holding var/ does not open it

    with pytest.raises(JobParamsError, match="not under a data root"):
        create_job(kind="import_corpus", params={"root": "", "splits": str(var / name)})
    assert data_path(var / "data" / "exports", "out") == (var / "data" / "exports").resolve()
    assert data_path(tmp_path / "elsewhere", "out") == (tmp_path / "elsewhere").resolve()


def test_by_default_var_data_is_the_first_root_and_jobs_write_there(settings):
    from django.conf import settings as live

    assert Path(live.STEPWISE_DATA_ROOTS[0]) == Path(live.VAR_DIR) / "data"
    assert data_dir() == Path(settings.VAR_DIR) / "data"
