"""How far a planted bug's wrong value travels before a test fails, measured over the code that ran (and
seen to run where a dropped statement left a ``pass`` that older Pythons never trace); which candidates the
generator tries first; and failing parametrized tests named though their ids hold spaces."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from corpus.format import load_task
from corpus.plant.context import ModuleContext
from corpus.plant.edits import apply_edits, changed_lines, changed_text
from corpus.plant.materialize import linked_copy, replace_file
from corpus.plant.operators import OPERATORS
from corpus.quality.divergence import Divergence
from corpus.quality.divergence import nearest as nearest_divergence
from corpus.quality.label_rule import LabelRule
from corpus.repository.environment import build_environment
from corpus.repository.spec import NODE_ID
from corpus.repository.task import GeneratedTask
from corpus.repository.workspace import materialize_repository
from harness.sandbox.backends import get_backend
from validation.generate.choice import SuiteFiles, distance_tier, ordered
from validation.generate.confirm import CorrectTraces, confirm, unmeasured
from validation.generate.distance import measure, propose_label, touched_names
from validation.generate.environment import environment_of
from validation.generate.pipeline import Options, generate
from validation.generate.repository import Repository
from validation.generate.runs import BOOT, REACH, TRACE, SandboxRunner
from validation.generate.selection import named_tests
from validation.generate.watch import watched
from validation.quality.state_trace import TracedPair, measure_pair

REPO_ROOT = Path(__file__).resolve().parents[2]
LEDGER = REPO_ROOT / "tests" / "fixtures" / "repos" / "ledger"
JOURNAL = "ledger/journal.py"


def planted(operator: str, file: str, function: str, summary_part: str):
    text = (LEDGER / file).read_text(encoding="utf-8")
    found = [c for c in OPERATORS[operator].find(ModuleContext.parse(file, text))
             if c.function == function and summary_part in c.summary]
    assert len(found) == 1, [c.summary for c in found]
    return found[0], text, apply_edits(text, found[0].edits)


def planted_in_ledger(work, operator, file, function, summary_part):
    """A linked copy of the ledger fixture at ``work`` with the operator's change planted; the change."""
    candidate, before, after = planted(operator, file, function, summary_part)
    linked_copy(LEDGER, work)
    replace_file(work, file, after)
    return work, candidate, before, after


def traced_distance(work, candidate, before, after, test, test_files):
    """The planted change run under the trace plugin in the sandbox, as the generator runs it: the run (its
    test failed) and the distance measured from it."""
    file = candidate.file
    runner = SandboxRunner(work, sandbox="bwrap")
    try:
        run = runner.run(work, [test], plugin=TRACE,
                         plant={"file": file, "lines": changed_lines(before, after), "function": candidate.function})
    finally:
        runner.close()
    assert run.failed == [test], run.output[-800:]
    distance = measure(run.trace[0], file=file, function_line=candidate.function_line,
                       touched=touched_names(*changed_text(before, after)), test_files=frozenset(test_files))
    return run, distance


@pytest.mark.slow
def test_files_count_the_modules_a_wrong_value_passes_through_before_the_test_reads_it(tmp_path):
    """It was: ``files`` counted the change's module and the failing stack, so a transfer the journal no
    longer records, read back by the report module and failing in the test's own assertion, measured one
    file and could never be recommended, though the shared measure counts every file that ran between."""
    work, candidate, before, after = planted_in_ledger(tmp_path / "work", "drop_state_update", JOURNAL, "Journal.transfer", "self.transfers.append")
    run, distance = traced_distance(work, candidate, before, after, "tests/test_ledger.py::test_report_balance_as_of_and_cache",
                                    Repository.scan(LEDGER).tests)

    assert distance is not None and not distance.on_failure_stack and distance.state_carried
    assert distance.files_on_stack == 1  # the test fails in its own assertion: only the change's module
    # The journal, the accounts it posts to on the next transfer, and the report that reads the journal.
    assert run.trace[0]["failure"]["files_after"] == ["ledger/accounts.py", "ledger/journal.py", "ledger/reports.py"]
    assert distance.files == 3 and distance.calls_between >= 3
    assert propose_label(distance, file=JOURNAL, function=candidate.function).preference == "recommended"


@pytest.mark.slow
def test_a_starting_value_set_wrong_in_init_is_read_long_after_the_constructor_returned(tmp_path):
    """The journal numbers its transfers from one more: the constructor that set it has returned when the
    test reads the wrong number, so the wrong value was carried in state across calls and files."""
    work, candidate, before, after = planted_in_ledger(tmp_path / "work", "wrong_initial_state", JOURNAL, "Journal.__init__", "self.sequence")
    run, distance = traced_distance(work, candidate, before, after, "tests/test_ledger.py::test_transfer_moves_money_and_numbers_it",
                                    Repository.scan(LEDGER).tests)

    assert distance is not None and not distance.on_failure_stack and distance.state_carried
    # From `Journal()` on, the accounts it opens and posts to, until the test reads the number it returned.
    assert run.trace[0]["failure"]["files_after"] == ["ledger/accounts.py", "ledger/journal.py"]
    assert distance.files == 2 and distance.calls_between >= 3
    assert propose_label(distance, file=JOURNAL, function=candidate.function).preference == "recommended"


SHUTTER = {
    "shutter/__init__.py": "",
    "shutter/camera.py": (
        "class Camera:\n"
        "    def __init__(self):\n"
        "        self.ready = False\n"
        "        self.shots = []\n\n"
        "    def charge(self, volts):\n"
        "        self.ready = volts >= 5\n\n"
        "    def shoot(self, name):\n"
        "        if self.ready:\n"
        "            self.shots.append(name)\n"),
    "shutter/album.py": (
        "def album(camera, names):\n"
        "    for name in names:\n"
        "        camera.shoot(name)\n"
        "    return list(camera.shots)\n"),
    "tests/test_shutter.py": (
        "from shutter.album import album\n"
        "from shutter.camera import Camera\n\n\n"
        "def test_a_charged_camera_fills_the_album():\n"
        "    camera = Camera()\n"
        "    camera.charge(6)\n"
        "    assert album(camera, ['a', 'b']) == ['a', 'b']\n"),
}


@pytest.mark.slow
def test_a_flag_stored_inverted_is_read_by_another_method_after_the_one_that_stored_it_returned(tmp_path):
    """`charge` stores whether the camera is ready, inverted; `shoot`, called from another module, reads it
    and takes no picture: the test sees an empty album, two calls and two files after the wrong flag."""
    work = tmp_path / "work"
    for rel, text in SHUTTER.items():
        (work / rel).parent.mkdir(parents=True, exist_ok=True)
        (work / rel).write_text(text, encoding="utf-8")
    camera = "shutter/camera.py"
    before = SHUTTER[camera]
    [candidate] = OPERATORS["inverted_stored_flag"].find(ModuleContext.parse(camera, before))
    after = apply_edits(before, candidate.edits)
    assert "        self.ready = not (volts >= 5)\n" in after
    (work / camera).write_text(after, encoding="utf-8")
    run, distance = traced_distance(work, candidate, before, after,
                                    "tests/test_shutter.py::test_a_charged_camera_fills_the_album", {"tests/test_shutter.py"})

    assert distance is not None and not distance.on_failure_stack and distance.state_carried
    assert run.trace[0]["failure"]["files_after"] == ["shutter/album.py", "shutter/camera.py"]
    assert distance.files == 2 and distance.calls_between >= 3
    assert propose_label(distance, file=camera, function=candidate.function).preference == "recommended"


@pytest.mark.slow
def test_the_baseline_records_the_functions_a_test_calls_itself(tmp_path):
    work = tmp_path / "work"
    linked_copy(LEDGER, work)
    test = "tests/test_ledger.py::test_report_balance_as_of_and_cache"
    runner = SandboxRunner(work, sandbox="bwrap")
    try:
        run = runner.run(work, [test], plugin=REACH)
    finally:
        runner.close()
    text = {rel: (LEDGER / rel).read_text(encoding="utf-8") for rel in (JOURNAL, "ledger/accounts.py")}

    def named(file: str, name: str) -> str:
        line = next(i for i, row in enumerate(text[file].splitlines(), 1) if row.lstrip().startswith(f"def {name}("))
        return f"{file}:{line}"

    entry = run.reach[test]
    assert named(JOURNAL, "transfer") in entry["direct"]  # the test calls journal.transfer(...) itself
    post = named("ledger/accounts.py", "post")
    assert post in entry["functions"] and post not in entry["direct"]  # reached only through the journal
    assert distance_tier(post, [test], run.reach) == 0  # and the test never calls into accounts.py itself
    assert distance_tier(named(JOURNAL, "transfer"), [test], run.reach) == 2


def test_candidates_the_tests_reach_only_through_other_modules_come_first():
    reach = {"t1": {"functions": ["a.py:1", "a.py:5", "b.py:3", "c.py:9"], "direct": ["a.py:1"]},
             "t2": {"functions": ["c.py:9", "c.py:20"], "direct": ["c.py:9"]}}
    covering = {"a.py:1": ["t1"], "a.py:5": ["t1"], "b.py:3": ["t1"], "c.py:9": ["t1", "t2"], "c.py:20": ["t2"]}
    candidate, _before, _after = planted("drop_state_update", JOURNAL, "Journal.transfer", "self.transfers.append")
    at = [replace(candidate, file=f.split(":")[0], function_line=int(f.split(":")[1]), operator=op)
          for f, op in [("a.py:1", "boundary_flip"), ("a.py:5", "boundary_flip"), ("b.py:3", "boundary_flip"),
                        ("b.py:3", "missing_copy"), ("c.py:20", "boundary_flip")]]
    assert [distance_tier(f, covering[f], reach) for f in ("a.py:1", "a.py:5", "b.py:3", "c.py:9", "c.py:20")] == [2, 1, 0, 2, 1]

    first = ordered(list(at), covering, reach, seed=1)

    # b.py is reached only through a.py, and a stored wrong value before a local one; a.py:1 is called by t1.
    assert [(c.file, c.function_line, c.operator) for c in first][:2] == [("b.py", 3, "missing_copy"), ("b.py", 3, "boundary_flip")]
    assert (first[-1].file, first[-1].function_line) == ("a.py", 1)
    assert sorted(c.key for c in ordered(list(at), covering, reach, seed=1, order="seed")) == sorted(c.key for c in first)
    # A candidate whose tests are slow goes last, whatever its tier; the others keep their order.
    slow_last = ordered(list(at), covering, reach, seed=1, slow=[at[3].key])
    assert slow_last[-1] is at[3] and [c for c in slow_last if c is not at[3]] == [c for c in first if c is not at[3]]


def test_a_case_whose_id_has_spaces_is_named_by_its_parametrized_function():
    failed = ["tests/t.py::test_match[git push]", "tests/t.py::test_match[git pull]", "tests/t.py::test_plain[a-b]",
              "tests/t.py::TestX::test_y[no such]"]

    named = named_tests(failed, excluded=["tests/t.py::TestX::test_y[skipped here]"])

    # A case that fails in the baseline would keep the function failing on the correct version: left out.
    assert named == ["tests/t.py::test_match", "tests/t.py::test_plain[a-b]"]
    assert all(NODE_ID.match(node) for node in named)
    assert named_tests(["tests/t.py::test_y[with space]"], excluded=["tests/t.py::test_y[other]"]) == []


@pytest.mark.slow
def test_failing_parametrized_tests_whose_ids_have_spaces_make_tasks(tmp_path):
    """It was: 10 of thefuck's 40 candidates were rejected as ``unnamed_tests``: its parametrized tests take
    command lines (``test_match[git push]``), and an id with a space is no node id a task may name."""
    repo = tmp_path / "repo"
    shutil.copytree(LEDGER, repo)
    (repo / "tests" / "test_ledger.py").write_text(
        "import pytest\n\nfrom ledger.journal import Journal\nfrom ledger.reports import BalanceReport\n\n\n"
        "@pytest.mark.parametrize('route', ['cash to bank', 'bank to card'])\n"
        "def test_a_transfer_is_reported(route):\n"
        "    source, _to, target = route.split()\n"
        "    journal = Journal()\n"
        "    for name in ('cash', 'bank', 'card'):\n"
        "        journal.open(name, limit=100)\n"
        "    journal.transfer(source, target, 10)\n"
        "    assert BalanceReport(journal).balance(target, 1) == 10\n", encoding="utf-8")
    out = tmp_path / "out"

    report = generate(Options(repo=repo, out=out, seed=1, max_tasks=2, max_candidates=12,
                              operators=("drop_state_update",)))

    assert report.outcomes["kept"] >= 1 and not report.outcomes["unnamed_tests"], report.to_dict()
    metas = [json.loads(path.read_text()) for path in sorted((out / "tasks").glob("*/meta.json"))]
    assert ["tests/test_ledger.py::test_a_transfer_is_reported"] in [m["tests"]["fail_to_pass"] for m in metas]
    task = next(m for m in metas if m["tests"]["fail_to_pass"] == ["tests/test_ledger.py::test_a_transfer_is_reported"])
    loaded = load_task(out / "tasks" / task["name"])
    assert isinstance(loaded, GeneratedTask)
    buggy = materialize_repository(loaded, tmp_path / "buggy").path
    correct = materialize_repository(loaded, tmp_path / "correct", variant="fixed").path
    runner = SandboxRunner(buggy, sandbox="bwrap")
    try:  # the function's node id runs both cases: failing with the bug, passing without it
        assert runner.run(buggy, task["tests"]["fail_to_pass"]).failed
        passing = runner.run(correct, task["tests"]["fail_to_pass"] + task["tests"]["pass_to_pass"])
        assert passing.ran and passing.failed == [], passing.output[-800:]
    finally:
        runner.close()


def test_a_pass_left_by_a_dropped_statement_is_watched_where_control_passes_it():
    source = (
        "def f(items, log):\n"        # 1
        "    total = 0\n"             # 2
        "    for item in items:\n"    # 3
        "        total += item\n"     # 4
        "        pass\n"              # 5: ends a loop body -> the loop's header
        "    if total:\n"             # 6
        "        pass\n"              # 7: ends an if body -> what follows the if
        "    try:\n"                  # 8
        "        pass\n"              # 9: the next statement of its block
        "        log.append(total)\n" # 10
        "    except ValueError:\n"    # 11
        "        pass\n"              # 12: ends a handler -> what follows the try
        "    log.sort()\n"            # 13
        "    pass\n")                 # 14: ends the function -> its return
    watch = watched(source, [5, 7, 9, 12, 14])

    assert watch.lines == (3, 5, 7, 8, 9, 10, 12, 13, 14) and watch.before_return == (14,)
    assert watched(source, [4]).lines == (4,)  # a line with code is watched as it is


def ledger_plant(tmp_path, operator, file, function, summary_part):
    work, candidate, before, after = planted_in_ledger(tmp_path / function, operator, file, function, summary_part)
    plant = {"file": file, "function": function, "function_line": candidate.function_line,
             **watched(after, changed_lines(before, after)).to_plant()}
    return work, plant


@pytest.mark.slow
def test_a_dropped_statement_is_seen_to_run_on_a_python_that_never_traces_pass(tmp_path):
    """It was: on thefuck's Python 3.7, every dropped state update measured ``hits`` 0 (``pass`` compiles to
    nothing there), so the bug was taken for one made by a definition and labelled ``avoid``."""
    spec, _name = environment_of(REPO_ROOT / "corpus" / "real" / "thefuck-1")
    python = str(build_environment(spec).python)
    cases = [  # a statement followed by `return account`; the last one of a function
        (ledger_plant(tmp_path, "drop_state_update", JOURNAL, "Journal.open", "self.accounts[name]"),
         "tests/test_ledger.py::test_transfer_moves_money_and_numbers_it"),
        (ledger_plant(tmp_path, "drop_state_update", "ledger/accounts.py", "Account.post", "self.entries.append"),
         "tests/test_ledger.py::test_snapshot_does_not_change_with_later_posts")]
    runner = SandboxRunner(tmp_path, sandbox="bwrap", python=python)
    try:
        for (work, plant), test in cases:
            run = runner.run(work, [test], plugin=TRACE, plant=plant)
            assert run.failed == [test], run.output[-800:]
            record = run.trace[0]
            assert record["hits"] >= 1 and record["first_hit_call"] is not None, (plant, record)
            distance = measure(record, file=plant["file"], function_line=plant["function_line"], touched=set(),
                               test_files=frozenset(Repository.scan(LEDGER).tests))
            assert distance is not None and distance.state_carried and distance.files >= 2
    finally:
        runner.close()


def test_a_function_a_test_imports_by_name_counts_as_called_though_a_decorator_wraps_it(tmp_path):
    """thefuck's rules are decorated (``@git_support``): the profile sees the test call the decorator's
    wrapper, never the rule, and took every rule for one the tests reach only through other code."""
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_push.py").write_text(
        "from pkg.rules.push import get_new_command\nfrom pkg import types\n\n\n"
        "def test_push():\n    assert get_new_command(types.Command('git push'))\n", encoding="utf-8")
    sources = ["pkg/__init__.py", "pkg/rules/push.py", "pkg/types.py", "pkg/utils.py"]
    statics = SuiteFiles.read(tmp_path, ["tests/test_push.py"], sources)
    test = "tests/test_push.py::test_push"
    reach = {test: {"functions": ["pkg/rules/push.py:4", "pkg/rules/push.py:9", "pkg/utils.py:3"],
                    "direct": ["pkg/utils.py:30"]}}  # the decorator's wrapper

    assert statics.of(test).imports == {"pkg/__init__.py", "pkg/rules/push.py", "pkg/types.py"}
    assert distance_tier("pkg/rules/push.py:4", [test], reach, statics, "get_new_command") == 2
    assert distance_tier("pkg/rules/push.py:9", [test], reach, statics, "_split") == 1
    assert distance_tier("pkg/utils.py:3", [test], reach, statics, "memoize") == 1  # the wrapper's module
    assert distance_tier("pkg/types.py:3", [test], reach, statics, "Command.update") == 1
    assert distance_tier("pkg/other.py:3", [test], reach, statics, "helper") == 0


@pytest.mark.slow
def test_a_kept_bug_is_labelled_by_the_shared_state_measure_not_by_the_generators_upper_bound(tmp_path):
    """The generator's own trace counts from the change's first run and every file that ran, and calls a
    failure ``shown`` only when its line names what the change touched: on the ledger it proposed
    ``recommended`` for bugs whose wrong value pytest's report prints. The label is the shared measure's,
    the one ``corpus quality`` gives every task."""
    candidate, before, after = planted("drop_state_update", JOURNAL, "Journal.transfer", "self.transfers.append")
    buggy, correct = tmp_path / "buggy", tmp_path / "correct"
    linked_copy(LEDGER, buggy)
    linked_copy(LEDGER, correct)
    replace_file(buggy, JOURNAL, after)
    test = "tests/test_ledger.py::test_first_over_and_total"
    plant = {"file": JOURNAL, "function": candidate.function, "function_line": candidate.function_line,
             **watched(after, changed_lines(before, after)).to_plant()}
    tests = Repository.scan(LEDGER).tests
    rule = LabelRule.load()
    runner = SandboxRunner(tmp_path, sandbox="bwrap")
    try:
        first = runner.run(buggy, [test])
        traced = runner.run(buggy, [test], plugin=TRACE, plant=plant)
        distance = measure(traced.trace[0], file=JOURNAL, function_line=candidate.function_line,
                           touched=touched_names(*changed_text(before, after)), test_files=frozenset(tests))
        assert distance is not None
        own = propose_label(distance, rule=rule)
        confirmed = confirm(runner, buggy, correct, [test], failing_output=first.output, test_files=tests, cheap=own,
                            rule=rule, timeout_s=60)
        # Two bugs whose nearest failing tests are the same compare against one pair of correct runs.
        trees, run = [], runner.run
        runner.run = lambda workspace, *args, **kwargs: trees.append(workspace) or run(workspace, *args, **kwargs)
        cached = CorrectTraces()
        twice = [confirm(runner, buggy, correct, [test], failing_output=first.output, test_files=tests, cheap=own,
                         rule=rule, timeout_s=60, correct_traces=cached) for _ in range(2)]
    finally:
        runner.close()
    assert trees.count(correct) == 2 and trees.count(buggy) == 2
    assert [c.divergence for c in twice] == [confirmed.divergence] * 2
    for tree in (buggy, correct):  # validation's own runner imports the package through a root conftest.py
        (tree / "conftest.py").write_text("", encoding="utf-8")
    shared = nearest_divergence(measure_pair(TracedPair(buggy, correct, (test,), first.output, tests), sandbox=get_backend("bwrap")))

    assert own.preference == "recommended"
    assert confirmed.measured and confirmed.divergence is not None and shared is not None
    assert (confirmed.divergence.where, confirmed.divergence.shown) == (shared.where, shared.shown)
    assert confirmed.label == rule.propose(shared) and confirmed.label.preference != "recommended"


def test_without_a_usable_state_trace_the_generators_own_measure_never_makes_a_bug_recommended():
    rule = LabelRule.load()
    own = rule.propose(Divergence("t", True, calls=9, files=3, shown=False))

    assert own.preference == "recommended" and unmeasured(own, rule).preference == "optional"
    assert unmeasured(rule.propose(None), rule).preference == "avoid"


@pytest.mark.parametrize(("version", "root_given"), [("3.2.1", False), ("3.5.0", True), ("8.3.5", True),
                                                     ("7.0.0rc1", True)])
def test_the_boot_leaves_out_rootdir_for_a_pytest_without_it(tmp_path, version, root_given):
    """httpie's real bugs pin pytest 3.2, which refused --rootdir and ran nothing. A module named pytest in
    the working folder (the boot puts the folder first, as the repository's own imports need) stands for
    each version and prints what it was handed."""
    (tmp_path / "pytest.py").write_text(f"__version__ = {version!r}\n"
                                        "def main(args):\n    print(args)\n    return 0\n")
    done = subprocess.run([sys.executable, "-c", BOOT, "-q", "--rootdir", ".", "--", "tests/t.py"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)

    assert done.returncode == 0, done.stderr
    handed = ast.literal_eval(done.stdout.strip())
    assert handed == (["-q", "--rootdir", ".", "--", "tests/t.py"] if root_given else ["-q", "--", "tests/t.py"])
