"""A candidate's first run runs only the tests that ran a line of the statement it changes: the baseline
records the lines each passing test runs (a separate, line-traced run). A candidate no test runs is left out
before trying (it would cost a run for a certain ``no_effect``). Where the record cannot tell (a test set its
own tracer), every test reaching the function runs, as before."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from corpus.plant.context import ModuleContext
from corpus.plant.edits import Edit
from corpus.plant.operators import candidates
from tests.helpers.programs import write_files
from validation.generate.pipeline import STATE_FILE, Options, Report, generate
from validation.generate.ran_lines import RanLines

SOURCE = '''class Counter:
    def __init__(self, start=[]):
        self.n = 0
        self.resets = 0
        self.big = 0

    def add(self, k):
        if k < 0:
            self.resets += 1
            self.n = 0
            return self
        if k > 100:
            self.big += 1
        self.n += (
            k
        )
        return self


def total(items):
    counter = Counter()
    for item in items:
        counter.add(item)
    return counter.n, counter.big
'''
TESTS = '''from counter import total


def test_sum():
    assert total([1, 2]) == (3, 0)


def test_big():
    assert total([200]) == (200, 1)
'''
# A test that sets a trace function of its own (as a tracing library's tests do): the line record cannot
# see what ran under it.
TRACING_TEST = '''

def test_sum_traced():
    import sys
    seen = []
    def tracer(frame, event, arg):
        seen.append(event)
    old = sys.gettrace()
    sys.settrace(tracer)
    total([1])
    sys.settrace(old)
    assert seen
'''


def _edit_of(context: ModuleContext, text: str) -> Edit:
    start = context.index.data.index(text.encode())
    return Edit(start, start + len(text.encode()), "")


def _dropped(line: int):
    context = ModuleContext.parse("counter.py", SOURCE)
    return context, next(c for c in candidates(context, ("drop_state_update",)) if c.line == line)


def test_an_edit_is_placed_in_the_innermost_statement_that_holds_it():
    context, dropped = _dropped(9)

    assert context.statement_lines(dropped.edits[0]) == (9, 9)  # a dropped line: its statement, not the block
    assert context.statement_lines(_edit_of(context, "k\n")) == (14, 16)  # inside a statement spanning lines
    assert context.statement_lines(_edit_of(context, "k < 0")) == (8, 11)  # an if's test: the whole if
    assert context.statement_lines(_edit_of(context, "start=[]")) is None  # a signature runs at import
    in_block = dropped.edits[0].start  # an insertion inside the if's block: only the if holds it
    assert context.statement_lines(Edit(in_block, in_block, "            return self\n")) == (8, 11)
    top = context.index.data.index(b"        self.resets = 0")
    assert context.statement_lines(Edit(top, top, "        return\n")) is None  # between a body's statements


def test_a_changes_first_run_runs_the_tests_that_ran_a_line_of_its_statement_and_those_the_record_cannot_speak_for():
    context, branch = _dropped(9)
    _, big = _dropped(13)
    ran = RanLines.of({"outside": {"counter.py": [1, 2]}, "passed": ["t.py::a", "t.py::b"],
                       "by_line": {"counter.py": {"8": [0, 1], "12": [0, 1], "13": [1], "23": [0, 1]}},
                       "replaced": False})

    assert ran is not None
    assert ran.tests_running(big, context, ["t.py::a", "t.py::b"]) == ["t.py::b"]
    assert ran.tests_running(branch, context, ["t.py::a", "t.py::b"]) == []  # never run: left out
    assert ran.tests_running(branch, context, ["t.py::a", "t.py::c"]) == ["t.py::c"]  # c did not pass traced
    assert ran.tests_running(big, context, []) == []
    in_signature = replace(big, edits=(_edit_of(context, "start=[]"),))  # runs at import: every test runs
    assert ran.tests_running(in_signature, context, ["t.py::a", "t.py::b"]) == ["t.py::a", "t.py::b"]
    assert RanLines.of({"outside": {}, "passed": [], "by_line": {}, "replaced": True}) is None
    assert RanLines.of({}) is None  # no record: the run did not finish
    # A line run at import runs in every test's process: every test reaching the function runs.
    at_import = RanLines.of({"outside": {"counter.py": [13]}, "passed": ["t.py::a"], "by_line": {}, "replaced": False})
    assert at_import is not None and at_import.tests_running(big, context, ["t.py::a"]) == ["t.py::a"]


@pytest.mark.slow
@pytest.mark.parametrize("traced_by_a_test", [False, True])
def test_the_generator_runs_only_the_tests_that_run_a_change_where_the_record_can_tell(tmp_path, traced_by_a_test):
    repo = write_files(tmp_path / "repo", {
        "counter.py": SOURCE,
        "test_counter.py": TESTS + (TRACING_TEST if traced_by_a_test else ""),
    })
    out = tmp_path / "out"
    in_branch = {_dropped(9)[1].key, _dropped(10)[1].key}  # the updates under `if k < 0`, which no test takes

    report = generate(Options(repo=repo, out=out, seed=1, max_tasks=20, operators=("drop_state_update",)))

    tried = {json.loads(line)["key"]: json.loads(line)["outcome"] for line in (out / STATE_FILE).read_text().splitlines()}
    tasks = {json.loads((task / "meta.json").read_text())["generator"]["line"]: json.loads((task / "meta.json").read_text())["tests"]
             for task in (out / "tasks").iterdir()}
    assert tasks[13]["fail_to_pass"] == ["test_counter.py::test_big"], report.to_dict()  # dropped `self.big += 1`
    if traced_by_a_test:
        assert report.never_run is None and report.to_dict()["never_run"] is None
        assert {tried[key] for key in in_branch} == {"no_effect"}  # tried, for nothing
        assert "test_counter.py::test_sum" in tasks[13]["pass_to_pass"]  # every test reaching `add` ran
    else:
        assert report.never_run == 2 and report.to_dict()["never_run"] == 2
        assert not in_branch & set(tried), tried  # (dropping `self.resets = 0` runs, and is no_effect: never read)
        assert tasks[13]["pass_to_pass"] == []  # test_sum never runs `self.big += 1`: not run with it


def test_the_report_says_why_candidates_were_left_out_before_trying():
    report = Report(repo="r", version="v", seed=1, already_published=3, never_run=None, over_time=2)

    assert report.not_tried() == ("left out before trying: 3 already published, "
                                  "2 whose tests took longer than --timeout in the baseline")
    assert Report(repo="r", version="v", seed=1, never_run=0).not_tried() == ""
