"""Every path a user gives is confined and owned: training run folders and names, ``hf:`` targets,
output folders owned by the job's user, the app's own ``var/`` never a data root, and pages that show a
data folder relative to its root, never the host's path."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.webapp.test_job_pages import _eval_report
from webapp.runs.models import EvalRun

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
