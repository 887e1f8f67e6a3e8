"""The bug generator on a repository it has never seen (a small pure-Python project given as a folder):
it keeps only changes whose tests fail deterministically, writes them as small tasks whose buggy
version fails and whose correct version passes, measures their runtime distance, and resumes."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest

from corpus.format import load_task
from corpus.quality.label_rule import LabelRule
from corpus.repository.task import GeneratedTask
from corpus.repository.workspace import materialize_repository
from tests.helpers.programs import write_files
from validation.generate import cli as generate_cli
from validation.generate import pipeline
from validation.generate.distance import PlantDistance, measure, nearest, propose_label
from validation.generate.pipeline import STATE_FILE, GenerateError, Options, generate
from validation.generate.repository import Repository
from validation.generate.runs import SandboxRunner, _failed
from validation.generate.selection import (
    REJECT_REASONS,
    SLOWDOWN_ALLOWED,
    STARTUP_S,
    baseline_seconds,
    time_limit,
)
from validation.generate.writer import snapshot_folder

LEDGER = Path(__file__).resolve().parent.parent / "fixtures" / "repos" / "ledger"


def tree_digest(root: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*.py")):
        digest.update(path.relative_to(root).as_posix().encode() + path.read_bytes())
    return digest.hexdigest()


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    out = tmp_path_factory.mktemp("generated")
    before = tree_digest(LEDGER)
    report = generate(Options(repo=LEDGER, out=out, seed=3, max_tasks=6, workers=2))
    return out, report, before


@pytest.mark.slow
def test_kept_tasks_fail_buggy_and_pass_correct_and_the_source_is_untouched(generated, tmp_path):
    out, report, before = generated
    tasks = sorted((out / "tasks").iterdir())

    assert report.outcomes["kept"] == len(tasks) == 6
    assert tree_digest(LEDGER) == before  # linked copies never write through to the repository
    metas = [json.loads((task / "meta.json").read_text()) for task in tasks]
    by_function: dict[str, set[str]] = {}
    for meta in metas:  # every mutation of one function lands in one split
        by_function.setdefault(meta["split_group"], set()).add(meta["split"])
    assert all(len(splits) == 1 for splits in by_function.values())
    runner = SandboxRunner(out, sandbox="bwrap")
    try:
        for task in tasks[:3]:
            meta = json.loads((task / "meta.json").read_text())
            assert meta["origin"] == "generated" and meta["generator"]["operator"] and meta["generator"]["seed"] == 3
            assert meta["preference"] in ("recommended", "optional", "avoid")
            assert meta["measured"]["measure"] == "state_trace"  # labelled by the measure every task gets
            assert meta["tests"]["fail_to_pass"] and meta["runtime_evidence"]["test"] in meta["tests"]["fail_to_pass"]
            assert meta["generator"]["function"] not in meta["description"]  # the report names the symptom only
            loaded = load_task(task)  # a generated task loads and materializes like a repository task
            assert isinstance(loaded, GeneratedTask) and loaded.spec.tests.fail_to_pass == tuple(meta["tests"]["fail_to_pass"])
            buggy = materialize_repository(loaded, tmp_path / f"{task.name}-buggy").path
            correct = materialize_repository(loaded, tmp_path / f"{task.name}-correct", variant="fixed").path
            assert not (buggy / meta["tests"]["files"][0]).stat().st_mode & 0o222  # test files read-only
            tests = meta["tests"]["fail_to_pass"] + meta["tests"]["pass_to_pass"]
            failing = runner.run(buggy, tests)
            assert sorted(failing.failed) == sorted(meta["tests"]["fail_to_pass"]), failing.output[-800:]
            passing = runner.run(correct, tests)
            assert passing.ran and passing.failed == [], passing.output[-800:]
    finally:
        runner.close()


@pytest.mark.slow
def test_the_report_counts_every_candidate_by_reason_and_a_second_run_resumes(generated):
    out, report, _before = generated
    saved = json.loads((out / "generate-report.json").read_text())

    assert set(saved["rejected"]) <= set(REJECT_REASONS)
    assert saved["kept"] + sum(saved["rejected"].values()) == sum(report.outcomes.values())
    assert saved["labels"] and sum(saved["labels"].values()) == saved["kept"]
    entries = [json.loads(line) for line in (out / STATE_FILE).read_text().splitlines()]
    run = [e for e in entries if e["outcome"] not in ("duplicate", "syntax", "not_reached")]
    assert run and all(e["first_s"] > 0 and e["tests_s"] >= 0 for e in run)  # what a time limit is tuned from
    decided = len(entries)

    again = generate(Options(repo=LEDGER, out=out, seed=3, max_tasks=6, workers=2))

    assert again.outcomes["kept"] == 6
    assert len((out / STATE_FILE).read_text().splitlines()) == decided  # nothing was played twice


@pytest.mark.slow
def test_a_change_another_run_publishes_while_this_one_goes_is_not_tried(generated, tmp_path):
    first, _report, _before = generated
    kept = {e["key"]: e["task"] for e in map(json.loads, (first / STATE_FILE).read_text().splitlines())
            if e["outcome"] == "kept"}
    decided = len((first / STATE_FILE).read_text().splitlines())
    corpus = tmp_path / "generated"
    corpus.mkdir()
    out = tmp_path / "next"

    def progress(done: int, total: int, outcomes) -> None:
        if done != 1:
            return
        # Another run, at another commit of the project, publishes every change the first run kept.
        for task in kept.values():
            meta = json.loads((first / "tasks" / task / "meta.json").read_text())
            meta["repo"]["from_real"] = "ledger-9"
            write_files(corpus / task, {"meta.json": json.dumps(meta),
                                        "planted.patch": (first / "tasks" / task / "planted.patch").read_text()})

    report = generate(Options(repo=LEDGER, out=out, seed=3, max_tasks=6, max_candidates=decided, published=corpus),
                      progress=progress)

    # The one worker starts at most one more candidate before the callback has published.
    tried = [json.loads(line)["key"] for line in (out / STATE_FILE).read_text().splitlines()]
    assert not set(tried[2:]) & set(kept)
    assert report.already_published == len(set(kept) - set(tried[:2])) > 0
    assert report.outcomes["kept"] <= 2


@pytest.mark.slow
def test_the_report_is_written_after_every_decision_so_a_run_stopped_from_outside_leaves_its_counts(tmp_path):
    out = tmp_path / "out"
    seen: list[int] = []

    def progress(done: int, total: int, outcomes) -> None:
        saved = json.loads((out / "generate-report.json").read_text())
        seen.append(saved["kept"] + sum(saved["rejected"].values()))
        assert seen[-1] >= done  # written before the decision is reported

    generate(Options(repo=LEDGER, out=out, seed=3, max_tasks=2, max_candidates=4), progress=progress)

    assert seen and seen == sorted(seen) and seen[0] >= 1
    assert not list(out.glob("*.part"))


@pytest.mark.slow
def test_a_resumed_run_reuses_its_baseline_unless_the_tree_changed_or_the_saved_one_is_unreadable(tmp_path, monkeypatch):
    """The baseline runs the whole suite four times (minutes on tornado); a run resumed with the same --out
    used to pay for it again."""
    repo = tmp_path / "ledger"
    shutil.copytree(LEDGER, repo)
    out = tmp_path / "out"
    calls: list[Path] = []
    real_baseline = pipeline._baseline
    monkeypatch.setattr(pipeline, "_baseline", lambda runner, baseline, *args: calls.append(baseline)
                        or real_baseline(runner, baseline, *args))

    def resume(max_tasks: int):
        return generate(Options(repo=repo, out=out, seed=3, max_tasks=max_tasks, max_candidates=2 * max_tasks))

    first = resume(1)
    again = resume(2)
    assert len(calls) == 1 and again.baseline_tests == first.baseline_tests
    assert sum(again.outcomes.values()) > sum(first.outcomes.values())  # it went on from where it stopped
    (out / pipeline.BASELINE_FILE).write_text("{cut short")
    resume(2)
    assert len(calls) == 2 and json.loads((out / pipeline.BASELINE_FILE).read_text())["reach"]
    with (repo / "ledger" / "__init__.py").open("a") as fh:
        fh.write("# changed\n")
    resume(2)
    assert len(calls) == 3


def test_planted_bugs_are_labelled_by_the_shared_rule_from_their_measured_distance():
    record = {"test": "tests/test_x.py::test_y", "hits": 2, "first_hit_call": 3, "last_hit_call": 9,
              "failure": {"type": "AssertionError", "calls": 14, "frames": [
                  {"file": "tests/test_x.py", "line": 8, "function": "test_y", "first_line": 6,
                   "text": "assert report.total() == 4"},
                  {"file": "pkg/report.py", "line": 30, "function": "total", "first_line": 28, "text": "return sum(x)"}]}}
    tests = frozenset({"tests/test_x.py"})
    far = measure(record, file="pkg/store.py", function_line=12, touched={"items", "append"}, test_files=tests)
    assert far is not None and far.calls_between == 11 and far.calls_since_last == 5 and far.state_carried
    assert far.files == 2  # the change's module and the one that failed, the test file aside
    ran = measure({**record, "failure": {**record["failure"], "files_after": ["pkg/store.py", "pkg/index.py",
                                                                             "tests/test_x.py", "tests/conftest.py"]}},
                  file="pkg/store.py", function_line=12, touched={"items"}, test_files=tests)
    assert ran is not None and ran.files == 3 and ran.files_on_stack == 2  # and the module the value went through

    assert propose_label(far).preference == "recommended"
    assert propose_label(far).rule == LabelRule.load().version  # the one rule corpus quality uses

    at_line = PlantDistance(test="t", hits=1, calls_between=0, calls_since_last=0, on_failure_stack=True, frames=0,
                            state_carried=False, files=1, files_on_stack=1, failure_in_changed_function=True,
                            failure_mentions_change=True, failure_type="ValueError", failure_line="raise ValueError")
    assert propose_label(at_line).preference == "avoid"
    # The task is judged by the failing test that shows its cause soonest, as corpus quality judges every task.
    assert nearest([far, at_line]) is at_line and nearest([far, ran]) is far
    near = measure({**record, "first_hit_call": 13}, file="pkg/store.py", function_line=12, touched={"items"},
                   test_files=tests)
    assert near is not None and propose_label(near).preference == "optional"
    never_ran = measure({**record, "hits": 0, "first_hit_call": None}, file="pkg/store.py", function_line=12,
                        touched=set(), test_files=tests)
    assert never_ran is not None and propose_label(never_ran).preference == "avoid"
    setup_error = measure({**record, "hits": 0, "first_hit_call": None, "failure": {**record["failure"], "calls": 1}},
                          file="pkg/store.py", function_line=12, touched=set(), test_files=tests)
    assert setup_error is not None and setup_error.calls_between < far.calls_between
    assert nearest([setup_error, far]) is far  # a test the change never ran in says nothing of its distance


@pytest.mark.parametrize(("args", "message"), [
    (["--repo", "/no/such/folder", "--out", "OUT"], "not a folder"),
    (["--repo", str(LEDGER), "--out", str(LEDGER / "out")], "inside the repository"),
    (["--repo", str(LEDGER), "--out", "OUT", "--workers", "0"], "at least 1"),
])
def test_bad_arguments_get_one_clear_line(args, message, tmp_path, capsys):
    args = [str(tmp_path / "out") if a == "OUT" else a for a in args]

    assert generate_cli.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_repository_holding_links_that_point_nowhere_is_snapshotted_without_them(tmp_path):
    """It was: black's checkout links docs/*.md into its build output; the snapshot copy followed the
    links and the whole run stopped with a list of 'No such file or directory'."""
    repo = tmp_path / "repo"
    shutil.copytree(LEDGER, repo)
    (repo / "docs").mkdir()
    (repo / "docs" / "authors.md").symlink_to("_build/generated/authors.md")
    (repo / "ledger_link.py").symlink_to(repo / "ledger" / "__init__.py")

    snapshot = snapshot_folder(tmp_path / "out", Repository.scan(repo, None))

    assert (snapshot / "ledger" / "__init__.py").is_file()
    assert not (snapshot / "docs" / "authors.md").exists() and not (snapshot / "docs" / "authors.md").is_symlink()
    assert not (snapshot / "ledger_link.py").is_symlink()


@pytest.mark.slow
def test_a_suite_pytest_does_not_discover_is_named_with_tests(tmp_path):
    """tqdm's tests are ``tests_*.py``: pytest's discovery finds none, so the run says to name them."""
    repo = tmp_path / "repo"
    shutil.copytree(LEDGER, repo)
    for test_file in (repo / "tests").glob("test_*.py"):
        test_file.rename(test_file.with_name("tests_" + test_file.name[len("test_"):]))

    with pytest.raises(GenerateError, match="--tests"):
        generate(Options(repo=repo, out=tmp_path / "undiscovered", max_tasks=1))
    with pytest.raises(GenerateError, match="outside the repository"):
        generate(Options(repo=repo, out=tmp_path / "outside", max_tasks=1, tests=("../..",)))

    report = generate(Options(repo=repo, out=tmp_path / "named", seed=3, max_tasks=1, tests=("tests",)))
    assert report.baseline_tests > 0 and report.outcomes["kept"] == 1


@pytest.mark.slow
def test_a_suite_slower_than_the_baselines_limit_is_named_as_such(tmp_path):
    """sanic-3's profiled suite ran past five times --timeout 30, and the run said its tests did not run."""
    repo = write_files(tmp_path / "repo", {
        "counter.py": COUNTER,
        "test_slow.py": "import time\n\nfrom counter import total\n\n\ndef test_sum():\n"
            "    time.sleep(5)\n    assert total([1, 2]) == 3\n",
    })

    with pytest.raises(GenerateError, match=r"ran past the baseline's time limit \(1 s, five times --timeout"):
        generate(Options(repo=repo, out=tmp_path / "out", max_tasks=1, timeout_s=0.2))


@pytest.mark.slow
def test_a_planted_endless_loop_is_given_up_on_after_a_limit_set_by_its_tests_baseline_time(tmp_path):
    """A change that loops for ever used to hold its worker for the whole --timeout (tqdm-5's run spent a
    quarter of its time so); the limit is now the covering tests' baseline time, times ten, plus start-up."""
    repo = write_files(tmp_path / "repo", {
        "countdown.py": "def countdown(n):\n    steps = 0\n    while n > 0:\n        n = n - 1\n"
            "        steps += 1\n    return steps\n",
        "test_countdown.py": "from countdown import countdown\n\n\ndef test_three():\n"
            "    assert countdown(3) == 3\n",
    })

    report = generate(Options(repo=repo, out=tmp_path / "out", max_tasks=1, timeout_s=120,
                              operators=("dropped_rebinding",)))

    entries = [json.loads(line) for line in (tmp_path / "out" / STATE_FILE).read_text().splitlines()]
    assert [e["outcome"] for e in entries] == ["timeout"] and report.outcomes["timeout"] == 1
    assert 10 <= entries[0]["limit_s"] < 15  # start-up and ten times a test of milliseconds, not 120 s


@pytest.mark.slow
def test_tests_that_each_wait_out_their_own_timeout_make_a_task_of_the_first_failure(tmp_path):
    """On tornado, a dropped update that leaves a future unresolved makes each async test wait out its own
    5 s before failing: the list ran past the limit and the change was rejected as a timeout (up to 85% of a
    run's first-run time went so). The run to the first failure finds the test a task needs."""
    repo = write_files(tmp_path / "repo", {
        "flag.py": "import time\n\n\nclass Flag:\n    def __init__(self):\n        self.up = False\n\n"
            "    def raise_(self):\n        self.up = True\n\n    def wait(self, seconds):\n"
            "        end = time.monotonic() + seconds\n        while not self.up and time.monotonic() < end:\n"
            "            time.sleep(0.05)\n        return self.up\n",
        "test_flag.py": "from flag import Flag\n\n" + "".join(
            f"\ndef test_waits_{n}():\n    flag = Flag()\n    flag.raise_()\n    assert flag.wait(1.5)\n\n"
            for n in range(4)),
    })

    generate(Options(repo=repo, out=tmp_path / "out", max_tasks=2, timeout_s=4, operators=("drop_state_update",)))

    entries = [json.loads(line) for line in (tmp_path / "out" / STATE_FILE).read_text().splitlines()]
    tasks = tmp_path / "out" / "tasks"
    [dropped] = [e for e in entries if e["outcome"] == "kept"
                 and "-        self.up = True" in (tasks / e["task"] / "planted.patch").read_text()] or [entries]
    assert dropped["stopped_first"] is True, entries
    assert dropped["first_s"] >= 4  # the whole list ran out of time first
    meta = json.loads((tasks / dropped["task"] / "meta.json").read_text())
    assert len(meta["tests"]["fail_to_pass"]) == 1 and meta["tests"]["pass_to_pass"] == []
    task = load_task(tasks / dropped["task"])
    assert isinstance(task, GeneratedTask)


@pytest.mark.slow
def test_a_change_whose_tests_took_longer_than_the_timeout_in_the_baseline_is_left_out_before_trying(tmp_path):
    """tornado-12's first candidates were in its IOLoop's waker, which every test runs: the whole suite's 40 s
    under a --timeout of 30 s, so each was tried for 30 s and given up on. They are left out and counted."""
    repo = write_files(tmp_path / "repo", {
        "steps.py": "def fast(n):\n    done = []\n    done.append(n)\n    return done\n\n\n"
            "def slow(n):\n    done = []\n    done.append(n)\n    return done\n",
        "test_steps.py": "import time\n\nfrom steps import fast, slow\n\n\ndef test_fast():\n"
            "    assert fast(1) == [1]\n\n\ndef test_slow():\n    time.sleep(4)\n"
            "    assert slow(1) == [1]\n",
    })

    report = generate(Options(repo=repo, out=tmp_path / "out", max_tasks=5, timeout_s=3,
                              operators=("drop_state_update",)))

    tried = [json.loads(line) for line in (tmp_path / "out" / STATE_FILE).read_text().splitlines()]
    assert report.over_time == 1 and report.to_dict()["over_time"] == 1  # dropping `done.append(n)` in slow
    assert len(tried) == 1 and tried[0]["outcome"] == "kept", tried  # ... and in fast, tried and kept


def test_the_time_limit_is_the_timeout_at_most_and_all_of_it_for_an_untimed_test():
    reach = {"t::a": {"seconds": 0.5}, "t::b": {"seconds": 1.5}, "t::old": {"outcome": "passed"}}

    assert time_limit(["t::a", "t::b"], reach, 60) == STARTUP_S + SLOWDOWN_ALLOWED * 2.0
    assert time_limit(["t::a", "t::b"], reach, 20) == 20
    assert time_limit(["t::a", "t::old"], reach, 60) == 60
    assert baseline_seconds(["t::a", "t::b"], reach) == 2.0 and baseline_seconds(["t::old"], reach) is None


@pytest.mark.slow
def test_a_suite_killed_in_the_sandbox_is_named_as_such(tmp_path):
    """sanic-3's profiled suite outgrew the sandbox's memory and was killed a third of the way through; the
    run said its tests did not run. A test that kills its own process stands for the limit here."""
    repo = write_files(tmp_path / "repo", {
        "counter.py": COUNTER,
        "test_killed.py": "import os\nimport signal\n\nfrom counter import total\n\n\n"
            "def test_sum():\n    assert total([1, 2]) == 3\n\n\n"
            "def test_last():\n    os.kill(os.getpid(), signal.SIGKILL)\n",
    })

    with pytest.raises(GenerateError, match=r"were killed \(SIGKILL\) in the sandbox .* 4096 MB of memory"):
        generate(Options(repo=repo, out=tmp_path / "out", max_tasks=1))


COUNTER = '''class Counter:
    def __init__(self):
        self.n = 0

    def add(self, k):
        self.n += k
        return self


def total(items):
    counter = Counter()
    for item in items:
        counter.add(item)
    return counter.n
'''
COUNTER_TESTS = '''import sys

from counter import total


def test_sum():
    assert total([1, 2]) == 3


def test_sum_when_traced():
    # With the bug it fails except while a tracer runs (as a timing-sensitive test passes only when slow).
    x = 0 if sys.gettrace() is not None else 1
    assert total([x]) == x
'''


@pytest.mark.slow
def test_a_test_that_fails_in_only_some_runs_is_left_out_of_the_task_and_the_steady_failure_kept(tmp_path):
    """Sanic's server tests fail now and then under load: a change whose steady failures came with one such
    test was rejected whole as flaky. Now the task names the steady failures only, and the unsteady test is
    neither a failing nor a passing test of it."""
    repo = write_files(tmp_path / "repo", {
        "counter.py": COUNTER,
        "test_counter.py": COUNTER_TESTS,
    })

    report = generate(Options(repo=repo, out=tmp_path / "out", seed=1, max_tasks=5,
                              operators=("drop_state_update",)))

    tests = {(folder / "planted.patch").read_text().split("\n-", 1)[1].split("\n", 1)[0].strip():
             json.loads((folder / "meta.json").read_text())["tests"] for folder in (tmp_path / "out" / "tasks").iterdir()}
    # Dropping the addition fails test_sum in every run, test_sum_when_traced only in the untraced ones.
    assert tests["self.n += k"]["fail_to_pass"] == ["test_counter.py::test_sum"], report.to_dict()
    assert "test_counter.py::test_sum_when_traced" not in tests["self.n += k"]["pass_to_pass"]
    # Dropping the initial value fails both in every run (an AttributeError, traced or not).
    assert tests["self.n = 0"]["fail_to_pass"] == ["test_counter.py::test_sum", "test_counter.py::test_sum_when_traced"]


@pytest.mark.slow
def test_a_change_whose_every_failure_is_unsteady_is_flaky(tmp_path):
    repo = write_files(tmp_path / "repo", {
        "counter.py": COUNTER,
        "test_counter.py": COUNTER_TESTS.split("def test_sum():")[0]
            + "def test_sum_when_traced" + COUNTER_TESTS.split("def test_sum_when_traced")[1],
    })

    report = generate(Options(repo=repo, out=tmp_path / "out", seed=1, max_tasks=5,
                              operators=("drop_state_update",)))

    # Dropping the addition, or the call that adds, fails only untraced: flaky; the dropped initial value
    # fails every run and is kept.
    assert (report.outcomes["flaky"], report.outcomes["kept"]) == (2, 1), report.to_dict()


def test_a_test_that_passes_in_only_some_runs_of_the_correct_tree_is_named_in_no_task(tmp_path):
    """httpie's SSL tests passed in the baseline and failed in some later runs of the fixed tree: tasks that
    named them as passing failed validation. The baseline runs three times; an unsteady test is left out."""
    repo = write_files(tmp_path / "repo", {
        "counter.py": COUNTER,
        "test_counter.py": "from counter import total\n\n\ndef test_sum():\n"
            "    assert total([1, 2]) == 3\n",
        "test_once.py": "from pathlib import Path\n\nfrom counter import total\n\n\n"
            "def test_first_run_only():\n    mark = Path(__file__).with_name('ran')\n"
            "    assert not mark.exists() and total([1]) == 1\n    mark.write_text('')\n",
    })

    report = generate(Options(repo=repo, out=tmp_path / "out", seed=1, max_tasks=5,
                              operators=("drop_state_update",)))

    assert report.baseline_unsteady == ["test_once.py::test_first_run_only"], report.to_dict()
    assert report.outcomes["kept"] >= 1
    for meta in (tmp_path / "out" / "tasks").glob("*/meta.json"):
        tests = json.loads(meta.read_text())["tests"]
        assert "test_once.py::test_first_run_only" not in [*tests["fail_to_pass"], *tests["pass_to_pass"]]


LINKING_TESTS = '''import os
from pathlib import Path

from counter import total

HERE = Path(__file__).parent


def test_sum():
    assert total([1, 2]) == 3


def test_links_its_conftest():
    # sanic's static-file fixture does this: a task's sandbox refuses it (the conftest is protected).
    (HERE / "data").mkdir(exist_ok=True)
    os.link(HERE / "conftest.py", HERE / "data" / "linked")


def test_writes_its_data_folder():
    (HERE / "data").mkdir(exist_ok=True)
    (HERE / "data" / "out.txt").write_text("ok")


def test_rewrites_a_source_file():
    with open(HERE.parent / "counter.py", "a") as fh:
        fh.write("# touched")
'''


@pytest.mark.slow
def test_the_generators_runs_see_the_test_files_protected_as_a_tasks_sandbox_does(tmp_path):
    """It was: the baseline ran over a workspace whose files it handed to the sandboxed user (through hard
    links, the shared snapshot's too), so sanic's tests that hard-link a conftest passed there, and bugs
    were kept on tests that fail in every task workspace, fixed or not."""
    repo = write_files(tmp_path / "repo", {
        "counter.py": COUNTER,
        "tests/conftest.py": "import sys, os\nsys.path.insert(0, os.getcwd())\n",
        "tests/test_counter.py": LINKING_TESTS,
    })

    report = generate(Options(repo=repo, out=tmp_path / "out", seed=1, max_tasks=1, operators=("drop_state_update",)))

    assert report.baseline_failing == ["tests/test_counter.py::test_links_its_conftest",
                                       "tests/test_counter.py::test_rewrites_a_source_file"]
    assert report.outcomes["kept"] == 1
    [snapshot] = (tmp_path / "out" / "sources").iterdir()
    assert "touched" not in (snapshot / "counter.py").read_text()
    assert (snapshot / "counter.py").stat().st_uid == 0


TWO_UPDATES = COUNTER.replace("        self.n += k\n", "        self.n += k\n        self.count += 1\n").replace(
    "        self.n = 0\n", "        self.n = 0\n        self.count = 0\n")


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_a_near_duplicate_known_from_its_first_run_is_recorded_without_traced_runs(tmp_path):
    """It was: the check held the run's lock while it recorded the outcome, which takes the lock again, and
    every worker stopped for good at the first near-duplicate (a sanic run hung with no test running)."""
    repo = write_files(tmp_path / "repo", {
        "counter.py": TWO_UPDATES.replace("    return counter.n\n", "    return counter.n + counter.count\n"),
        "test_counter.py": "from counter import total\n\n\ndef test_sum():\n    assert total([1, 2]) == 5\n",
    })

    report = generate(Options(repo=repo, out=tmp_path / "out", seed=1, max_tasks=5, operators=("drop_state_update",)))

    # Dropping either update of `add` fails test_sum: one is kept, the other is its near-duplicate.
    assert report.outcomes["near_duplicate"] >= 1 and report.outcomes["kept"] >= 1, report.to_dict()


def test_failing_tests_are_read_from_the_short_summary_of_old_and_new_pytest():
    """It was: thefuck-11's environment has pytest 3.x, whose summary says ``FAIL``, not ``FAILED``: every
    candidate of a 66-candidate run was 'no_effect'."""
    old = ("=========================== short test summary info ============================\n"
           "FAIL tests/rules/test_git_push.py::test_get_new_command\n"
           "FAIL tests/test_types.py::TestRule::()::test_is_match\n"
           "ERROR tests/test_conf.py::test_settings\n1 failed, 1 passed in 0.12 seconds\n")
    new = ("=========================== short test summary info ============================\n"
           "FAILED tests/rules/test_git_push.py::test_get_new_command - AssertionError: assert 'BROKEN' == 'git push'\n")

    # ... and names a class's tests with a "()" step no other pytest writes (nor needs as an argument).
    assert _failed(old) == ["tests/rules/test_git_push.py::test_get_new_command", "tests/test_types.py::TestRule::test_is_match",
                            "tests/test_conf.py::test_settings"]
    assert _failed(new) == ["tests/rules/test_git_push.py::test_get_new_command"]


def test_a_test_module_that_does_not_collect_is_left_out_and_named_and_the_others_run(tmp_path):
    """tornado's fixed tree holds maintainers' suites (maint/test/cython imports a module built from a .pyx)
    that pytest's discovery finds and its environment cannot import: the whole baseline stopped at collection.
    Such a module is named in the report; the suite's other tests run and bugs are kept on them."""
    repo = write_files(tmp_path / "repo", {
        "counter.py": COUNTER,
        "test_counter.py": "from counter import total\n\n\ndef test_sum():\n"
            "    assert total([1, 2]) == 3\n",
        "maint/app_test.py": "import cythonapp\n\n\ndef test_native():\n    assert cythonapp\n",
        # A failing test's captured log line starts as pytest's line for a module that did not collect.
        "test_logged.py": "import logging\n\n\ndef test_logged():\n"
            "    logging.getLogger('app').error('boom')\n    assert False\n",
    })

    report = generate(Options(repo=repo, out=tmp_path / "out", seed=1, max_tasks=1,
                              operators=("drop_state_update",)))

    assert report.baseline_uncollected == ["maint/app_test.py"], report.to_dict()
    assert report.baseline_tests == 1 and report.outcomes["kept"] == 1
