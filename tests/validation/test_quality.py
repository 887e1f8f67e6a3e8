"""Task quality measured in real bwrap sandboxes: the state tracer on both versions, the generated wrong
and equivalent fixes against a task's tests, and ``python -m corpus quality`` on a sample."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from corpus.format import TASKS_DIR, load_task
from harness.sandbox.backends import get_backend
from tests.helpers.tasks import write_task
from validation import validate_task
from validation.quality.fix_probes import probe_task, variants_for
from validation.quality.measure import measure_task
from validation.quality.state_trace import trace_tests


@pytest.fixture(scope="module")
def bwrap():
    sandbox = get_backend("bwrap")
    yield sandbox
    sandbox.close()


@pytest.mark.slow
def test_subscription_billing_proration_rejects_round_in_place_of_int_with_the_float_loop_kept(bwrap):
    task = load_task(TASKS_DIR / "subscription_billing_proration")
    wrong = [v for v in variants_for(task) if v.kind == "wrong_fix" and v.description == "int(...) -> round(...)"]

    outcomes = probe_task(task, sandbox=bwrap, variants=wrong)

    assert [(o.description, o.passed) for o in outcomes] == [("int(...) -> round(...)", False)]


@pytest.mark.slow
def test_shop_filters_multidict_accepts_the_getlist_fix_that_builds_a_list(bwrap):
    task = load_task(TASKS_DIR / "shop_filters_multidict")
    as_list = [v for v in variants_for(task) if v.kind == "equivalent" and "built as a list" in v.description]

    outcomes = probe_task(task, sandbox=bwrap, variants=as_list)

    assert len(outcomes) == 1 and outcomes[0].passed, outcomes


@pytest.mark.slow
def test_a_small_task_is_measured_from_its_first_divergent_value_to_its_failure(tmp_path, bwrap):
    quality = measure_task(load_task(write_task(tmp_path)), sandbox=bwrap)

    record = quality.to_dict()
    assert record["failing_tests"] == ["test_counter.py::test_total"]
    # The buggy loop binds value=2 where the correct one binds value=1: the first state that differs.
    assert record["divergence"]["where"] == "counter.py:3 in total: value = 2"
    assert record["divergence"]["expected"] == "1"
    assert (record["divergence"]["calls"], record["divergence"]["files"]) == (0, 1)
    assert record["proposed"] == "avoid" and record["rule"] == "divergence_label/2"
    assert record["tests_pin_fix"] and record["surviving"] == []


@pytest.mark.slow
def test_corpus_quality_measures_a_sample_and_writes_its_records_and_page(tmp_path):
    out, page = tmp_path / "quality.json", tmp_path / "quality.md"

    done = subprocess.run([sys.executable, "-m", "corpus", "quality", "--sample", "2", "--seed", "test",
                           "--no-probes", "--json", str(out), "--docs", str(page)],
                          capture_output=True, text=True, timeout=600)

    assert done.returncode in (0, 1), done.stderr
    report = json.loads(out.read_text())
    assert report["summary"]["tasks"] == 2 and not report["summary"]["whole_corpus"]
    assert all(t["proposed"] in ("recommended", "optional", "avoid") for t in report["tasks"])
    assert "state-dependent by measurement" in page.read_text()


def test_an_unknown_task_name_is_a_clear_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "corpus", "quality", "no_such_task"], capture_output=True,
                          text=True, timeout=60)

    assert done.returncode == 2
    assert "no task folder 'no_such_task'" in done.stderr


FLOAT_SHARE = '''\
def share(cents, used, days):
    rate = cents / days
    total = 0.0
    for _ in range(used):
        total += rate
    return int(total)
'''
EXACT_SHARE = '''\
def share(cents, used, days):
    return (cents * used * 2 + days) // (days * 2)
'''
SHARE_EVIDENCE = [{"file": "money.py", "line": 5, "expression": "rate", "observed": "61.29032258064516",
                   "why": "a float daily rate, summed day by day"}]


@pytest.mark.slow
def test_validation_fails_a_task_whose_tests_accept_round_in_place_of_int(tmp_path):
    weak = {"test_money.py": "from money import share\n\n\ndef test_whole_month():\n"
                             "    assert share(1900, 31, 31) == 1900\n"}
    folder = write_task(tmp_path, "float_share", buggy={"money.py": FLOAT_SHARE}, correct={"money.py": EXACT_SHARE},
                        tests=weak, evidence=SHARE_EVIDENCE)

    verdict = validate_task(folder)

    assert not verdict.ok
    assert verdict.reasons == ["the tests accept a wrong fix: int(...) -> round(...) (money.py:6); add a case "
                               "that this change gets wrong"]


@pytest.mark.slow
def test_validation_passes_the_same_task_once_a_half_cent_case_kills_the_wrong_fix(tmp_path):
    strong = {"test_money.py": "from money import share\n\n\ndef test_whole_month():\n"
                               "    assert share(1900, 31, 31) == 1900\n\n\ndef test_half_a_cent_rounds_up():\n"
                               "    assert share(4999, 15, 30) == 2500\n"}
    folder = write_task(tmp_path, "float_share", buggy={"money.py": FLOAT_SHARE}, correct={"money.py": EXACT_SHARE},
                        tests=strong, evidence=SHARE_EVIDENCE)

    verdict = validate_task(folder)

    assert verdict.ok, verdict.reasons
    assert verdict.runs["fix_probes"]["defects"] == []


@pytest.mark.slow
def test_a_list_the_program_cannot_hash_is_no_equivalent_and_its_rejection_no_defect(tmp_path, bwrap):
    buggy = {"pairs.py": "def key(a, b):\n    return a + b\n\n\ndef count(pairs):\n    out = {}\n"
                         "    for a, b in pairs:\n        out[key(a, b)] = out.get(key(a, b), 0) + 1\n    return out\n"}
    correct = {"pairs.py": buggy["pairs.py"].replace("return a + b", "return tuple(sorted((a, b)))")}
    tests = {"test_pairs.py": "from pairs import count\n\n\ndef test_count():\n"
                              "    assert count([('x', 'y'), ('y', 'x')]) == {('x', 'y'): 2}\n"}
    task = load_task(write_task(tmp_path, "pair_keys", buggy=buggy, correct=correct, tests=tests))

    outcomes = probe_task(task, sandbox=bwrap, variants=[v for v in variants_for(task) if v.kind == "equivalent"])

    assert [(o.passed, o.defect) for o in outcomes] == [(False, False)]
    assert "unhashable type: 'list'" in outcomes[0].not_equivalent


@pytest.mark.slow
def test_a_test_that_blocks_after_a_few_values_still_leaves_them_in_its_trace(tmp_path, bwrap):
    # Fewer events than one write batch, then a wait that never ends: the tracer's flusher must have
    # written them before the sandbox stops the run (upload_slots_retry_leak measured nothing before).
    (tmp_path / "slots.py").write_text("import threading\n\n\ndef take(lock):\n    first = lock.acquire()\n"
                                       "    second = lock.acquire()\n    return first, second\n")
    (tmp_path / "test_slots.py").write_text("import threading\n\nfrom slots import take\n\n\n"
                                            "def test_take():\n    assert take(threading.Lock()) == (True, True)\n")

    traces = trace_tests(tmp_path, ["test_slots.py::test_take"], sandbox=bwrap, timeout_s=3,
                         protected=["test_slots.py"])

    events = [e.describe() for e in traces["test_slots.py::test_take"].events]
    assert "slots.py:5 in take: first = True" in events


@pytest.mark.slow
@pytest.mark.parametrize("name", ["gradebook_weighted_average", "formula_precedence_climbing"])
def test_a_task_whose_survivors_were_killed_or_reviewed_has_no_defect_left(name, bwrap):
    # gradebook_weighted_average's tests now kill total // weights; formula_precedence_climbing's two
    # surviving mutants are reviewed as equivalent (every operator has precedence 1 or more).
    outcomes = probe_task(load_task(TASKS_DIR / name), sandbox=bwrap)

    assert [o.description for o in outcomes if o.defect] == []
    assert [o.description for o in outcomes if o.reviewed] == (
        [] if name == "gradebook_weighted_average" else ["constant 0 -> 1", "constant 0 -> -1"])
