"""A live session's start_debugger form offers the test file that holds the failing test first, not
the test file that sorts last (every test_* option used to be marked selected)."""

from __future__ import annotations

import re

import pytest

from tests.helpers.tasks import RESET_COUNTER, write_task
from webapp.catalog.services import import_corpus
from webapp.episodes.debug_target import test_file_to_debug as pick
from webapp.runs.services import create_job

FILES = {"buggy": {"ledger.py": "x = 1\n", "util.py": "y = 2\n"},
         "tests": {"test_a_util.py": "from util import y\n", "test_ledger.py": "from pkg.ledger import x\n",
                   "test_z.py": "import os\n", "conftest.py": "", "data.txt": ""}}


def test_the_failing_test_named_then_the_evidence_module_then_a_buggy_module_then_the_first():
    assert pick(FILES, {"failing_tests": ["test_z.py::test_it"]}) == "test_z.py"
    assert pick(FILES, {"failing_tests": ["gone.py::t"], "evidence": [{"file": "ledger.py", "line": 1}]}) \
        == "test_ledger.py"
    assert pick(FILES, {}) == "test_a_util.py"  # imports a buggy module; test_* before conftest.py
    assert pick({"tests": {"conftest.py": "", "check.py": ""}}, {"evidence": "bad"}) == "check.py"
    assert pick({"tests": {"notes.txt": ""}}, {}) is None and pick(None, None) is None


@pytest.mark.django_db
def test_the_session_page_preselects_the_test_file_of_the_failing_test(client, make_user, corpus_root):
    folder = write_task(corpus_root, "counter_reset", shape=RESET_COUNTER, evidence=[
        {"file": "counter.py", "line": 2, "expression": "state", "observed": "{'n': 1}", "why": "x"}])
    (folder / "tests" / "test_zz_unrelated.py").write_text("def test_nothing():\n    assert True\n")
    import_corpus(root=corpus_root, splits_file=corpus_root.parent / "splits.json")
    ann = make_user("ann")
    episode = create_job(kind="session", created_by=ann, enqueue=False,
                         params={"task": "counter_reset", "arm": "dbg", "sandbox": "bwrap"}).episode
    client.force_login(ann)

    page = client.get(f"/episodes/{episode.pk}/").content.decode()

    select = re.search(r'<select name="file" aria-label="file to debug"[^>]*>(.*?)</select>', page, re.S)
    assert select, "the session page has no start_debugger file choice"
    assert re.findall(r"<option selected>([^<]+)</option>", select.group(1)) == ["test_counter.py"]
