"""The whole generation run: baseline, candidates, validation in parallel sandboxes, selection by
runtime evidence, task folders, and a report. Resumable: every candidate's outcome is appended to
``generate-state.jsonl`` as it is decided, and a run with the same ``--out`` skips what is there."""

from __future__ import annotations

import hashlib
import json
import queue as queues
import shutil
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from corpus.generated_corpus import REPORT_FILE, STATE_FILE, change_identity, run_id
from corpus.plant.context import Candidate, ModuleContext
from corpus.plant.edits import apply_edits, changed_lines, changed_text, unified_patch
from corpus.plant.materialize import linked_copy, replace_file
from corpus.plant.operators import OPERATORS, candidates
from corpus.quality.label_rule import LabelRule
from corpus.repository.environment import EnvironmentBuildError, build_environment
from corpus.repository.source import SourceError, full_commit
from corpus.repository.spec import EnvironmentSpec
from corpus.repository.task import RepositoryTask
from corpus.task_model import TaskFormatError
from harness.sandbox.backends import DEFAULT_BACKEND
from validation.generate import selection
from validation.generate.choice import ORDERS, SLOW_TESTS_S, SuiteFiles, ordered
from validation.generate.confirm import CorrectTraces, confirm
from validation.generate.distance import by_nearness, measure, propose_label, touched_names
from validation.generate.environment import default_environment
from validation.generate.published import PublishedChanges
from validation.generate.ran_lines import RanLines
from validation.generate.repository import Repository
from validation.generate.runs import (
    LINES,
    MEMORY_MB,
    PLUGIN_SOURCES,
    REACH,
    TRACE,
    SandboxRunner,
    TestRun,
    prepare_workspace,
    seal_snapshot,
)
from validation.generate.watch import watched
from validation.generate.writer import snapshot_folder, write_task

# A run's baseline, kept in OUT for its resumptions (validation.generate.pipeline._cached_baseline).
BASELINE_FILE = "generate-baseline.json"


class GenerateError(RuntimeError):
    """The run cannot start: the message says what to do."""


@dataclass
class Options:
    repo: Path | None  # the folder to plant in; None with ``real``
    out: Path
    seed: int = 0
    max_tasks: int = 100
    max_candidates: int | None = None  # default: 10 per wanted task
    workers: int = 1
    sandbox: str = DEFAULT_BACKEND
    timeout_s: float = 60.0
    operators: tuple[str, ...] | None = None
    order: str = "indirect"  # which candidates first (validation.generate.choice.ORDERS)
    # Test files or folders the suite is (relative to the repository); empty: pytest's own discovery.
    tests: tuple[str, ...] = ()
    # The tests' environment (a real bug's of the same project, --environment-from); None: this interpreter
    # with pytest, as the sandbox runs it.
    environment: EnvironmentSpec | None = None
    name: str | None = None  # the repository's name in task names and reports (default: its folder's)
    # A real bug whose fixed tree is the repository (--from-real): planted in its commit, extracted from the
    # real corpus's history, tested in its environment; the tasks name the history and commit, not a copy.
    real: RepositoryTask | None = None
    cancel: threading.Event | None = None  # set from outside (a cancelled job): workers stop after their candidate
    # A corpus of published tasks (corpus/generated/) whose changes are not planted again: another commit of a
    # project holds most of the same functions, and publishing would leave their repeats out anyway.
    published: Path | None = None


@dataclass
class Report:
    repo: str
    version: str
    seed: int
    from_real: str | None = None  # the real bug whose fixed tree it is
    candidates: int = 0
    # Candidates left out before trying: their change is in Options.published, when the run planned or (another
    # run going at once published it since) when its turn came.
    already_published: int = 0
    # ... and those in statements that no test reaching their function runs (validation.generate.ran_lines);
    # None: the baseline's line record could not tell, and none was left out.
    never_run: int | None = None
    # ... and those whose tests took longer than --timeout in the baseline: their first run would be given up on
    over_time: int = 0
    outcomes: Counter = field(default_factory=Counter)
    labels: Counter = field(default_factory=Counter)
    by_operator: dict[str, Counter] = field(default_factory=dict)
    baseline_tests: int = 0
    baseline_failing: list[str] = field(default_factory=list)
    baseline_unsteady: list[str] = field(default_factory=list)  # passed once, failed in another baseline run
    # Test modules that did not collect in the correct tree (a maintainers' suite needing a package the
    # environment lacks: tornado's maint/test/cython): their tests are in no task; the others run.
    baseline_uncollected: list[str] = field(default_factory=list)
    # Seconds spent, summed over workers: the baseline run (the environment's first use, with the reach
    # plugin), linking candidates' workspaces, plain test runs, and traced runs.
    seconds: dict[str, float] = field(default_factory=dict)
    wall_s: float = 0.0

    @property
    def left_out(self) -> list[str]:
        """Tests no task names: failing, or unsteady, in the correct tree."""
        return [*self.baseline_failing, *self.baseline_unsteady]

    def not_tried(self) -> str:
        """The candidates left out before trying, by why, in words ("" for none)."""
        parts = [f"{n} {why}" for n, why in ((self.already_published, "already published"),
                                             (self.never_run, "in lines no test runs"),
                                             (self.over_time, "whose tests took longer than --timeout in the baseline"))
                 if n]
        return "left out before trying: " + ", ".join(parts) if parts else ""

    def to_dict(self) -> dict:
        return {"repo": self.repo, "version": self.version, "seed": self.seed,
                **({"from_real": self.from_real} if self.from_real else {}), "candidates": self.candidates,
                "already_published": self.already_published, "never_run": self.never_run,
                "over_time": self.over_time,
                "kept": self.outcomes.get(selection.KEPT, 0),
                "rejected": {reason: self.outcomes[reason] for reason in selection.REJECT_REASONS if self.outcomes[reason]},
                "labels": dict(self.labels), "by_operator": {k: dict(v) for k, v in sorted(self.by_operator.items())},
                "baseline_tests": self.baseline_tests, "baseline_failing": self.baseline_failing,
                "baseline_unsteady": self.baseline_unsteady, "baseline_uncollected": self.baseline_uncollected,
                "seconds": {k: round(v, 3) for k, v in self.seconds.items()}, "wall_s": round(self.wall_s, 3)}


def _suite(repo: Repository, paths: tuple[str, ...]) -> list[str]:
    """``--tests`` as pytest is given it: files relative to the repository and inside it. A folder stands
    for its test modules (``test*.py``, ``*_test(s).py``): pytest given a folder would apply the same
    discovery that missed them."""
    suite: list[str] = []
    for path in paths:
        resolved = (repo.root / path).resolve()
        if resolved != repo.root and repo.root not in resolved.parents:
            raise GenerateError(f"--tests {path}: outside the repository; give a path relative to its root")
        if not resolved.exists():
            raise GenerateError(f"--tests {path}: no such file or folder in {repo.root}")
        rel = resolved.relative_to(repo.root).as_posix()
        if resolved.is_file():
            suite.append(rel)
            continue
        found = [test for test in repo.tests if (rel == "." or test.startswith(rel + "/"))
                 and (Path(test).name.startswith("test") or Path(test).stem.endswith(("_test", "_tests")))]
        if not found:
            raise GenerateError(f"--tests {path}: no test modules (test*.py, *_test.py) in that folder; name the files")
        suite += found
    return suite


def plan(repo: Repository, reach: dict, options: Options, report: Report | None = None,
         ran: RanLines | None = None, published: PublishedChanges | None = None
         ) -> tuple[list[Candidate], dict[str, list[str]], dict[str, str]]:
    """Candidates in functions some passing test reaches, in statements those tests run (where ``ran`` can
    tell), and whose change ``published`` does not hold, in ``options.order``
    (``validation.generate.choice``); the tests each candidate's first run runs (by its key): those reaching
    its function, narrowed by ``ran`` to those that can run the change; each source file's text."""
    covering: dict[str, list[str]] = {}
    for test, entry in reach.items():
        if entry["outcome"] == "passed":
            for function in entry["functions"]:
                covering.setdefault(function, []).append(test)
    found: list[Candidate] = []
    tests_of: dict[str, list[str]] = {}
    seconds_of: dict[str, float] = {}  # the baseline time of each candidate's tests
    texts: dict[str, str] = {}
    never_run = over_time = 0
    for rel in repo.sources:
        try:
            text = (repo.root / rel).read_text(encoding="utf-8")
            context = ModuleContext.parse(rel, text)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            continue  # a module this interpreter cannot parse: nothing to plant there
        texts[rel] = text
        for candidate in candidates(context, options.operators):
            tests = covering.get(f"{rel}:{candidate.function_line}")
            if not tests:
                continue
            if ran is not None:
                tests = ran.tests_running(candidate, context, tests)
                if not tests:
                    never_run += 1
                    continue
            seconds = selection.baseline_seconds(tests, reach) or 0.0
            if seconds >= options.timeout_s:
                over_time += 1
                continue
            found.append(candidate)
            tests_of[candidate.key] = tests
            seconds_of[candidate.key] = seconds
    if report is not None:
        report.over_time = over_time
        if ran is not None:
            report.never_run = never_run
    if published is not None:
        kept = [c for c in found if _identity(repo, c, texts[c.file]) not in published]
        if report is not None:
            report.already_published = len(found) - len(kept)
        found = kept
    slow = [c.key for c in found if seconds_of[c.key] > SLOW_TESTS_S]
    found = ordered(found, covering, reach, seed=options.seed, order=options.order,
                    statics=SuiteFiles.read(repo.root, repo.tests, repo.sources), slow=slow)
    limit = options.max_candidates or options.max_tasks * 10
    return found[:limit], tests_of, texts


def _published(options: Options) -> PublishedChanges | None:
    if options.published is None:
        return None
    return PublishedChanges(options.published, but=run_id(options.real.name, options.seed)
                            if options.real is not None else "")


def _identity(repo: Repository, candidate: Candidate, text: str) -> tuple[str, ...]:
    """The candidate's ``corpus.generated_corpus.change_identity``, as its published task would have it."""
    meta = {"repo": {"name": repo.name},
            "generator": {"file": candidate.file, "function": candidate.function, "operator": candidate.operator}}
    return change_identity(meta, unified_patch(candidate.file, text, apply_edits(text, candidate.edits)))


def generate(options: Options, *, progress: Callable[[int, int, Counter], None] | None = None) -> Report:
    unknown = [name for name in options.operators or () if name not in OPERATORS]
    if unknown:
        raise GenerateError(f"unknown operator {unknown[0]!r}; choose from {', '.join(OPERATORS)}")
    if options.order not in ORDERS:
        raise GenerateError(f"unknown order {options.order!r}; choose from {', '.join(ORDERS)}")
    if options.real is not None:
        repo, snapshot = _real_tree(options.real)
        environment = options.environment or options.real.spec.environment
    elif options.repo is not None:
        repo, snapshot = Repository.scan(options.repo, options.name), None
        environment = options.environment or default_environment()
    else:
        raise GenerateError("give the repository: a folder (--repo DIR) or a real bug (--from-real BUG)")
    if options.published is not None and not options.published.is_dir():
        raise GenerateError(f"--published {options.published}: no such folder; give a corpus of published tasks "
                            "such as corpus/generated")
    suite = _suite(repo, options.tests)
    out = options.out.resolve()
    if out == repo.root or repo.root in out.parents:
        raise GenerateError(f"--out {options.out} is inside the repository; write the tasks somewhere else")
    out.mkdir(parents=True, exist_ok=True)
    snapshot = snapshot or snapshot_folder(out, repo)
    report = Report(repo=repo.name, version=repo.version, seed=options.seed,
                    from_real=options.real.name if options.real is not None else None)
    started = time.monotonic()
    python: str | None = None
    if options.environment is not None or options.real is not None:
        try:
            python = str(build_environment(environment).python)
        except (EnvironmentBuildError, LookupError, OSError) as exc:
            raise GenerateError(f"the environment could not be built: {exc}") from None
    variables = dict(environment.env)
    scratch = Path(tempfile.mkdtemp(prefix="stepwise-generate-"))
    try:
        seal_snapshot(snapshot)
        baseline, home = scratch / "baseline", scratch / "box-baseline"
        linked_copy(snapshot, baseline)
        prepare_workspace(baseline, repo.tests)
        home.mkdir()  # the sandbox's own folder: acquiring one prepares it, never the linked copy
        key = _baseline_key(repo, environment, suite)
        run, ran = _cached_baseline(out, key, report)
        if run is None:
            runner = SandboxRunner(home, sandbox=options.sandbox, timeout_s=options.timeout_s * 5, python=python,
                                   env=variables)
            try:
                run, ran = _baseline(runner, baseline, suite, repo, report)
            finally:
                runner.close()
            _cache_baseline(out, key, run, report)
        report.seconds["baseline"] = time.monotonic() - started
        if run.timed_out:
            raise GenerateError(f"the repository's tests ran past the baseline's time limit ({options.timeout_s * 5:g} s, "
                                "five times --timeout: the whole suite runs once, profiled); give a larger --timeout, "
                                "or name a smaller suite with --tests")
        if run.killed:
            raise GenerateError(f"the repository's tests were killed (SIGKILL) in the sandbox before pytest could "
                                f"report them: most likely past its {MEMORY_MB} MB of memory or its process limit; "
                                "name a smaller suite with --tests")
        if not run.reach:
            raise GenerateError(f"the repository's tests did not run in the sandbox ({run.output.strip()[-400:]}); "
                                "check that `python -m pytest` passes in the folder, or name the test files or "
                                "folders pytest's discovery misses with --tests")
        passing = sorted(test for test, entry in run.reach.items() if entry["outcome"] == "passed")
        report.baseline_tests = len(passing)
        report.baseline_failing = sorted(t for t, e in run.reach.items() if e["outcome"] == "failed")
        if not passing:
            raise GenerateError("no test of the repository passes; the generator needs a passing suite")
        # Asked again before each candidate, as other runs going at once publish.
        published = _published(options)
        todo, tests_of, texts = plan(repo, run.reach, options, report, ran, published)
        report.candidates = len(todo)
        _play(todo, tests_of, texts, repo, snapshot, scratch, out, options, report, len(passing), progress,
              (environment, python, variables), run.reach, lambda: _write_report(out, report, started), published)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    _write_report(out, report, started)
    return report


def _write_report(out: Path, report: Report, started: float) -> None:
    """The report as it stands: after every decision too, so a run stopped from outside (a signal, a lost
    machine) leaves what it had counted, and a watcher sees it grow."""
    report.wall_s = time.monotonic() - started
    path = out / REPORT_FILE
    partial = path.with_name(path.name + ".part")
    partial.write_text(json.dumps(report.to_dict(), indent=2) + "\n", encoding="utf-8")
    partial.replace(path)  # never half a report


def _baseline(runner: SandboxRunner, baseline: Path, suite: list[str], repo: Repository,
              report: Report) -> tuple[TestRun, RanLines | None]:
    """The correct tree's suite: profiled (reach), twice more plain (steadiness), once line-traced."""
    run = runner.run(baseline, suite, plugin=REACH, keep_going=True)
    # pytest names a module that did not collect by its path; a captured log line may start the same way.
    report.baseline_uncollected = [test for test in run.failed if test in repo.tests]
    if not (run.ran and run.reach):
        return run, None
    # A test that passed here but fails in another run of the correct tree would fail a task's verification
    # at random: it is named in no task.
    for _ in range(selection.DETERMINISM_RUNS - 1):
        again = runner.run(baseline, suite, keep_going=True)
        report.baseline_unsteady = sorted({*report.baseline_unsteady, *(
            t for t in again.failed if run.reach.get(t, {}).get("outcome") == "passed")})
    for test in report.baseline_unsteady:
        run.reach[test]["outcome"] = "unsteady"
    lines = runner.run(baseline, suite, plugin=LINES, keep_going=True)
    run.lines = lines.lines if lines.ran else {}
    return run, RanLines.of(run.lines)


def _baseline_key(repo: Repository, environment: EnvironmentSpec, suite: list[str]) -> str:
    """What a baseline depends on: the tree, its environment, the suite, and the plugins that recorded it."""
    plugins = [PLUGIN_SOURCES[name].read_bytes() for name in (REACH, LINES)]
    text = json.dumps([repo.version, environment.to_dict(), suite, selection.DETERMINISM_RUNS,
                       [hashlib.sha1(source).hexdigest() for source in plugins]], sort_keys=True)
    return hashlib.sha1(text.encode()).hexdigest()


def _cached_baseline(out: Path, key: str, report: Report) -> tuple[TestRun | None, RanLines | None]:
    """A resumed run's baseline, as its first run left it in ``OUT`` (the suite runs four times: minutes on a
    large project); None when there is none for this tree, environment and suite."""
    try:
        saved = json.loads((out / BASELINE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None, None
    if not isinstance(saved, dict) or saved.get("key") != key:
        return None, None
    report.baseline_uncollected = saved["uncollected"]
    report.baseline_unsteady = saved["unsteady"]
    run = TestRun(returncode=0, failed=[], timed_out=False, output="", reach=saved["reach"], lines=saved["lines"])
    return run, RanLines.of(run.lines)


def _cache_baseline(out: Path, key: str, run: TestRun, report: Report) -> None:
    if not (run.ran and run.reach):
        return  # a failed baseline is reported, never kept
    partial = out / (BASELINE_FILE + ".part")
    partial.write_text(json.dumps({"key": key, "reach": run.reach, "lines": run.lines,
                                   "uncollected": report.baseline_uncollected,
                                   "unsteady": report.baseline_unsteady}), encoding="utf-8")
    partial.replace(out / BASELINE_FILE)


def _real_tree(bug: RepositoryTask) -> tuple[Repository, Path]:
    """A real bug's fixed tree, extracted once per machine from its history: it is the snapshot itself."""
    try:
        commit = full_commit(bug.history(), bug.spec.repo.fixed_commit)
        tree = bug.tree("fixed")
    except (TaskFormatError, SourceError) as exc:
        raise GenerateError(f"--from-real {bug.name}: its fixed tree cannot be read ({exc})") from None
    return Repository.scan(tree, bug.spec.repo.name, version=f"git:{commit}"), tree


def _play(todo, tests_of, texts, repo, snapshot, scratch, out, options, report, suite_size, progress, runtime,
          reach, write_report: Callable[[], None], published: PublishedChanges | None = None) -> None:
    environment, python, variables = runtime
    state_path = out / STATE_FILE
    done: dict[str, dict] = {}
    if state_path.is_file():
        for line in state_path.read_text(encoding="utf-8").splitlines():
            try:
                entry = json.loads(line)
                done[entry["key"]] = entry
            except (json.JSONDecodeError, KeyError):
                continue  # a half-written last line from an interrupted run
    lock = threading.Lock()
    seen_sources: set[str] = set()
    correct_traces = CorrectTraces()
    signatures: set[tuple] = set()
    for entry in done.values():
        seen_sources.add(entry.get("source_hash", ""))
        if entry["outcome"] == selection.KEPT:
            signatures.add(tuple(entry["signature"]))
    queue = iter(list(enumerate(todo)))
    stop = threading.Event()
    # Workers put progress here; the calling thread reports it, so a progress callback that writes to a
    # database (the web job) runs in the thread that owns its connection.
    updates: queues.Queue = queues.Queue()

    def record(candidate: Candidate, outcome: str, **extra) -> None:
        with lock:
            entry = {"key": candidate.key, "outcome": outcome, **extra}
            with state_path.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(entry) + "\n")
            _count(report, candidate, outcome, extra.get("label"))
            write_report()
            if report.outcomes[selection.KEPT] >= options.max_tasks:
                stop.set()
            updates.put((sum(report.outcomes.values()), len(todo), Counter(report.outcomes)))

    for candidate in todo:
        entry = done.get(candidate.key)
        if entry is not None:
            _count(report, candidate, entry["outcome"], entry.get("label"))
    if report.outcomes[selection.KEPT] >= options.max_tasks:
        return
    claimed = [report.outcomes[selection.KEPT]]

    def claim() -> bool:
        """A slot for one more kept task: with several workers, the last slots go to whoever gets there
        first, and a candidate that finds none is left undecided (a later run with more slots plays it)."""
        with lock:
            if claimed[0] >= options.max_tasks:
                return False
            claimed[0] += 1
            return True

    def worker(number: int) -> None:
        # The sandbox's own workspace is an empty folder of this worker's: a backend may move or quota
        # the folder it is acquired for, so never the shared snapshot. Candidates run over their copies.
        home = scratch / f"box{number}"
        home.mkdir()
        runner = SandboxRunner(home, sandbox=options.sandbox, timeout_s=options.timeout_s, python=python,
                               env=variables)
        try:
            while not stop.is_set() and not (options.cancel is not None and options.cancel.is_set()):
                with lock:
                    item = next(queue, None)
                    if item is None:
                        return
                    i, candidate = item
                    if candidate.key in done:
                        continue
                    if published is not None and _identity(repo, candidate, texts[candidate.file]) in published:
                        report.already_published += 1  # not recorded as decided: a resumed run's plan leaves it out
                        continue
                _decide(candidate, i, runner, tests_of, texts, repo, snapshot, scratch / f"w{number}", out,
                        options, suite_size, lock, seen_sources, signatures, record, claim, report, environment,
                        correct_traces, reach)
        finally:
            runner.close()

    with ThreadPoolExecutor(max_workers=max(1, options.workers)) as pool:
        futures = [pool.submit(worker, n) for n in range(max(1, options.workers))]
        try:
            while not all(future.done() for future in futures) or not updates.empty():
                try:
                    update = updates.get(timeout=0.2)
                except queues.Empty:
                    continue
                if progress:
                    progress(*update)
        except BaseException:
            stop.set()  # a cancelled job (the callback raised): workers end after their candidate
            raise
        for future in futures:
            future.result()


def _count(report: Report, candidate: Candidate, outcome: str, label: str | None) -> None:
    report.outcomes[outcome] += 1
    report.by_operator.setdefault(candidate.operator, Counter())[outcome] += 1
    if label:
        report.labels[label] += 1


def _decide(candidate, index, runner, tests_of, texts, repo, snapshot, workdir, out, options, suite_size, lock,
            seen_sources, signatures, record, claim, report, environment, correct_traces, reach) -> None:
    before = texts[candidate.file]
    after = apply_edits(before, candidate.edits)
    source_hash = hashlib.sha1(f"{candidate.file}\0{after}".encode()).hexdigest()
    with lock:
        duplicate = source_hash in seen_sources
        seen_sources.add(source_hash)
    if duplicate:
        return record(candidate, "duplicate", source_hash=source_hash)
    try:
        compile(after, candidate.file, "exec")
    except (SyntaxError, ValueError):
        return record(candidate, "syntax", source_hash=source_hash)
    tests = tests_of.get(candidate.key, [])
    if not tests:
        return record(candidate, "not_reached", source_hash=source_hash)
    def timed(kind: str, run, *args, **kwargs):
        began = time.monotonic()
        try:
            return run(*args, **kwargs)
        finally:
            with lock:
                report.seconds[kind] = report.seconds.get(kind, 0.0) + time.monotonic() - began

    timed("workspace", shutil.rmtree, workdir, ignore_errors=True)
    timed("workspace", linked_copy, snapshot, workdir)
    try:
        replace_file(workdir, candidate.file, after)
        prepare_workspace(workdir, repo.tests)
        limit_s = selection.time_limit(tests, reach, options.timeout_s)
        began = time.monotonic()
        first = timed("tests", runner.run, workdir, tests, timeout_s=limit_s)
        # What the first run took against its tests' baseline time: the data a time limit is tuned from.
        timing = {"first_s": round(time.monotonic() - began, 2),
                  "tests_s": round(selection.baseline_seconds(tests, reach) or 0.0, 2)}
        stopped = first.timed_out
        if stopped:
            # Tests that each wait out a timeout of their own (an async test's future that never resolves) fail
            # one by one, and the list runs past the limit: on tornado 14 of 14 such first runs had a failing
            # test within 9 s. A task needs one: run again to the first failure, and name no passing test (those
            # after it did not run).
            first = timed("tests", runner.run, workdir, tests, timeout_s=limit_s, stop_first=True)
            timing["first_s"] = round(time.monotonic() - began, 2)
            if first.timed_out or (first.ran and not first.failed):
                return record(candidate, "timeout", source_hash=source_hash, **timing, limit_s=round(limit_s, 1))
            timing["stopped_first"] = True
        if first.killed:
            return record(candidate, "killed", source_hash=source_hash, **timing)
        if not first.ran:
            return record(candidate, "import_error", source_hash=source_hash, **timing)
        failed = [test for test in first.failed if test in tests] or first.failed
        if not failed:
            return record(candidate, "no_effect", source_hash=source_hash, **timing)
        if selection.breaks_suite(len(failed), suite_size):
            return record(candidate, "breaks_suite", source_hash=source_hash, **timing, failed=len(failed))
        def signature_of(tests: list[str]) -> tuple:
            return (candidate.file, candidate.function, candidate.operator,
                    *sorted(selection.named_tests(tests, excluded=report.left_out)))

        with lock:  # a near-duplicate by its first run's failures needs no traced runs
            near = signature_of(failed) in signatures
        if near:
            return record(candidate, "near_duplicate", source_hash=source_hash, **timing)
        plant = {"file": candidate.file, "function": candidate.function, "function_line": candidate.function_line,
                 **watched(after, changed_lines(before, after)).to_plant()}
        traced = timed("tracing", runner.run, workdir, failed, plugin=TRACE, plant=plant)
        again = timed("tests", runner.run, workdir, failed)
        if not traced.ran or not again.ran:
            return record(candidate, "flaky", source_hash=source_hash, **timing)
        # The task names only the tests that failed in all three runs; one that failed in some runs is left out
        # of the task (of its passing tests too), and with none left the change is rejected as flaky.
        unstable = sorted(set(failed) ^ set(traced.failed) | set(failed) ^ set(again.failed))
        failed = [test for test in failed if test not in unstable]
        if not failed:
            return record(candidate, "flaky", source_hash=source_hash, **timing)
        touched = touched_names(*changed_text(before, after))
        distances = [d for d in (measure(r, file=candidate.file, function_line=candidate.function_line, touched=touched,
                                         test_files=frozenset(repo.tests))
                                 for r in traced.trace if r.get("test") not in unstable) if d is not None]
        if not distances:
            return record(candidate, "no_trace", source_hash=source_hash, **timing)
        named = selection.named_tests(failed, excluded=[*report.left_out, *unstable])
        if not named:
            return record(candidate, "unnamed_tests", source_hash=source_hash, **timing)
        signature = (candidate.file, candidate.function, candidate.operator, *sorted(named))
        with lock:
            near = signature in signatures
            signatures.add(signature)
        if near:
            return record(candidate, "near_duplicate", source_hash=source_hash, **timing)
        if not claim():
            with lock:
                signatures.discard(signature)
            return None
        ordered_distances = by_nearness(distances)
        distance = ordered_distances[0]
        rule = LabelRule.load()
        own = propose_label(distance, file=candidate.file, function=candidate.function, line=candidate.line, rule=rule)
        correct = workdir.with_name(workdir.name + "-correct")
        timed("workspace", linked_copy, snapshot, correct)
        prepare_workspace(correct, repo.tests)
        confirmed = timed("confirm", confirm, runner, workdir, correct, [d.test for d in ordered_distances],
                          failing_output=first.output, test_files=repo.tests, cheap=own, rule=rule,
                          timeout_s=options.timeout_s, correct_traces=correct_traces)
        label = confirmed.label
        passing = [] if stopped else [
            test for test in selection.named_tests([t for t in tests if t not in failed and t not in unstable],
                                                   excluded=[*failed, *unstable, *report.left_out])
            if test not in named]
        folder = write_task(out, repo, snapshot, candidate, before=before, after=after, seed=options.seed,
                            failed=sorted(named), passing=passing, distance=distance, label=label,
                            environment=environment, divergence=confirmed.divergence, real=options.real)
        return record(candidate, selection.KEPT, source_hash=source_hash, **timing, label=label.preference, task=folder.name,
                      signature=list(signature), own_label=own.preference, state_measured=confirmed.measured)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
        shutil.rmtree(workdir.with_name(workdir.name + "-correct"), ignore_errors=True)
