"""The pages whose SQL differs between databases, on the embedded default (SQLite, as ``scripts/run``
starts with nothing set): the rest of the web app tests run them on PostgreSQL only."""

from __future__ import annotations

import json
import textwrap

import pytest

from tests.helpers.sqlite_app import SqliteApp

pytestmark = pytest.mark.slow

SIGNED_IN = '''
from django.contrib.auth import get_user_model
from django.test import Client
from django.test.utils import setup_test_environment
setup_test_environment()  # responses carry their template context
from webapp.core.services import grant_role
user = get_user_model().objects.create_user(username=NAME, password="pw")
grant_role(username=NAME, role="researcher")
client = Client(SERVER_NAME="127.0.0.1")
client.force_login(user)
'''


@pytest.fixture(scope="module")
def sqlite_app(tmp_path_factory) -> SqliteApp:
    return SqliteApp(tmp_path_factory.mktemp("embedded") / "var").migrate()


def signed_in(name: str, code: str) -> str:
    return f"NAME = {name!r}\n" + SIGNED_IN + textwrap.dedent(code)


def test_training_runs_compare_on_sqlite(sqlite_app):
    shown = sqlite_app.run(signed_in("compare", '''
        import json
        from webapp.runs.models import Job, JobEvent
        job = Job.objects.create(kind="sft", created_by=user, params={"name": "a run"})
        for seq in range(1, 4):
            JobEvent.objects.create(job=job, seq=seq, kind="metric",
                                    data={"series": "train", "x": seq, "values": {"loss": 1.0 / seq}})
        JobEvent.objects.create(job=job, seq=4, kind="log", data={"text": "done"})
        page = client.get("/jobs/compare/", {"job": [job.pk]})
        print(json.dumps({"status": page.status_code, "points": len(page.context["curves"][0]["points"])}))
    '''))

    assert json.loads(shown.strip().splitlines()[-1]) == {"status": 200, "points": 3}
