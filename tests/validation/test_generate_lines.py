"""Candidates in statements no test runs are left out before trying: the baseline records the lines the
passing tests run (a separate, line-traced run), and a change none of them can run would cost a test run
for a certain ``no_effect``. Where the record cannot tell (a test set its own tracer), nothing is left out."""

from __future__ import annotations

import json

import pytest

from corpus.plant.context import ModuleContext
from corpus.plant.edits import Edit
from corpus.plant.operators import candidates
from validation.generate.pipeline import STATE_FILE, Options, generate
from validation.generate.ran_lines import RanLines

SOURCE = '''class Counter:
    def __init__(self, start=[]):
        self.n = 0
        self.resets = 0

    def add(self, k):
        if k < 0:
            self.resets += 1
            self.n = 0
            return self
        self.n += (
            k
        )
        return self


def total(items):
    counter = Counter()
    for item in items:
        counter.add(item)
    return counter.n
'''
TESTS = '''from counter import total


def test_sum():
    assert total([1, 2]) == 3
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
    context, dropped = _dropped(8)

    assert context.statement_lines(dropped.edits[0]) == (8, 8)  # a dropped line: its statement, not the block
    assert context.statement_lines(_edit_of(context, "k\n")) == (11, 13)  # inside a statement spanning lines
    assert context.statement_lines(_edit_of(context, "k < 0")) == (7, 10)  # an if's test: the whole if
    assert context.statement_lines(_edit_of(context, "start=[]")) is None  # a signature runs at import
    in_block = dropped.edits[0].start  # an insertion inside the if's block: only the if holds it
    assert context.statement_lines(Edit(in_block, in_block, "            return self\n")) == (7, 10)
    top = context.index.data.index(b"        self.resets = 0")
    assert context.statement_lines(Edit(top, top, "        return\n")) is None  # between a body's statements


def test_a_change_is_never_run_only_when_every_test_reaching_it_passed_under_the_tracer_and_ran_none_of_its_lines():
    context, branch = _dropped(8)
    _, call = _dropped(20)
    ran = RanLines.of({"lines": {"counter.py": [7, 11, 14, 20]}, "passed": ["t.py::a", "t.py::b"], "replaced": False})

    assert ran is not None
    assert ran.never_run(branch, context, ["t.py::a"])
    assert not ran.never_run(call, context, ["t.py::a"])
    assert not ran.never_run(branch, context, ["t.py::a", "t.py::c"])  # t.py::c did not pass under the tracer
    assert not ran.never_run(branch, context, [])
    assert RanLines.of({"lines": {}, "passed": [], "replaced": True}) is None
    assert RanLines.of({}) is None  # no record: the run did not finish


@pytest.mark.slow
@pytest.mark.parametrize("traced_by_a_test", [False, True])
def test_the_generator_leaves_out_changes_in_lines_no_test_runs_where_the_record_can_tell(tmp_path, traced_by_a_test):
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "counter.py").write_text(SOURCE)
    (repo / "test_counter.py").write_text(TESTS + (TRACING_TEST if traced_by_a_test else ""))
    out = tmp_path / "out"
    in_branch = {_dropped(8)[1].key, _dropped(9)[1].key}  # the updates under `if k < 0`, which no test takes

    report = generate(Options(repo=repo, out=out, seed=1, max_tasks=20, operators=("drop_state_update",)))

    tried = {json.loads(line)["key"]: json.loads(line)["outcome"] for line in (out / STATE_FILE).read_text().splitlines()}
    assert report.outcomes["kept"] >= 2, report.to_dict()  # the updates the test runs are still planted
    if traced_by_a_test:
        assert report.never_run is None and report.to_dict()["never_run"] is None
        assert {tried[key] for key in in_branch} == {"no_effect"}  # tried, for nothing
    else:
        assert report.never_run == 2 and report.to_dict()["never_run"] == 2
        assert not in_branch & set(tried), tried  # (dropping `self.resets = 0` runs, and is no_effect: never read)
