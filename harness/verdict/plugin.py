"""The pytest plugin the verifier loads (``-p harness.verdict.plugin``): the guards that keep the code
under test from deciding its own verdict (docs/harness/verification.md, "What the verdict defends").

Loaded before any test module is imported, it:
- routes the task's assertions through ``harness.verdict.judge`` (``harness.verdict.rewrite``, applied
  before pytest's own assertion rewriting), so comparisons, truth, length, membership and ``isinstance``
  are decided on plain data, never by a method of the code under test;
- installs an audit hook (which nothing can remove) that refuses, while a frame of the code under test
  (a workspace module that is not one of the task's test files) is on the stack: ``ctypes``, the
  garbage collector's object walks, frame access (``sys._getframe``, ``tb_frame``, ``gi_frame``, ...),
  tracing and profiling hooks, another audit hook, replacing a function's code or an object's class,
  starting processes, and opening the task's test files or the report folder;
- keeps the builtins, this guard's own modules and every test module's namespace as they were after
  collection, and fails a test (and marks the run tampered) when the code under test changed one;
- turns a skip or xfail raised through the code under test (``unittest.SkipTest``, pytest's outcome
  exceptions) into a failure: only the task's own marks may skip;
- counts every test itself and, once the session is over (the JUnit report written), writes the
  record (``harness.verdict.record``) and ends the process with pytest's status by ``os._exit``: no
  ``atexit`` handler, finalizer or thread of the code under test runs after the verdict, and an exit
  before it leaves no record (not verified).

Stdlib and pytest only: it runs inside the sandbox, with the sandbox's pytest, or with a repository
task's own interpreter and pytest (Python 3.6 and later, pytest 3.2 and later). There
(``--stepwise-guard=repository``) only the judged assertions (with the judge's names in the test modules),
the skip rule, the guard's own modules and the record hold: a real project's code legitimately traces (PySnooper), reads frames, starts processes
(cookiecutter's hooks), opens its test data and patches builtins in its tests, so the audit refusals
and the namespace checks would fail its correct version; the report folder is still refused to it
where the interpreter has audit hooks (3.8 and later).
"""

import builtins
import inspect
import os
import sys
import threading
import types
from typing import Any

import pytest
from _pytest.assertion import rewrite as _pytest_rewrite

from harness.verdict import judge, record, trust
from harness.verdict import rewrite as verdict_rewrite

_getframe = sys._getframe
_INSPECT = inspect.__file__
_get_ident, _isinstance, _any, _len = threading.get_ident, isinstance, any, len
_exit = os._exit
_original_rewrite = _pytest_rewrite.rewrite_asserts
_realpath, _sep = os.path.realpath, os.sep

# Audit events refused while the code under test is on the stack.
REFUSED = ("ctypes.", "gc.get_objects", "gc.get_referrers", "gc.get_referents", "sys._getframe",
           "sys._current_frames", "sys.settrace", "sys.setprofile", "sys.addaudithook", "os.fork", "os.forkpty",
           "os.exec", "os.posix_spawn", "os.spawn", "os.system", "subprocess.Popen", "pty.spawn",
           "sys.remote_exec", "code.__new__", "function.__new__")
FRAME_ATTRIBUTES = {"tb_frame", "gi_frame", "cr_frame", "ag_frame", "f_back"}
SET_ATTRIBUTES = {"__code__", "__class__", "__bases__", "__dict__", "__defaults__", "__kwdefaults__", "__globals__"}
NEAR = ("object.", "sys._getframe", "sys._current_frames", "gc.get_referents")
CHANGING = ("os.rename", "os.remove", "os.rmdir", "os.truncate", "os.chmod", "os.link", "os.symlink",
            "os.utime", "shutil.", "os.chown")


# pytest 5 and later call it (mod, source, module_path, config); pytest 3 and 4 (mod, module_path, config).
_PATH_AT = tuple(inspect.signature(_original_rewrite).parameters).index("module_path") - 1


def _rewrite_asserts(mod, *args, **kwargs):
    module_path = kwargs.get("module_path", args[_PATH_AT] if _len(args) > _PATH_AT else None)
    if _guard is not None and module_path is not None and _realpath(str(module_path)) in _guard.trusted:
        verdict_rewrite.rewrite(mod)  # the task's test files only, not plugins
    return _original_rewrite(mod, *args, **kwargs)


_pytest_rewrite.rewrite_asserts = _rewrite_asserts


class Guard:
    def __init__(self, root: str, trusted: "set[str]", out_dir: "str | None", *, repository: bool = False):
        self.repository = repository  # a real project's code: only the report folder is refused (see above)
        self.root = _realpath(root).rstrip(_sep) + _sep
        self.trusted = {_realpath(os.path.join(root, name)) for name in trusted}
        self.out_dir = _realpath(out_dir).rstrip(_sep) + _sep if out_dir else None
        self.record = record.Record()
        self.tampered: list[str] = []
        self.snapshots: dict[str, tuple[dict, dict, bool]] = {}
        self.outcomes: dict[str, str] = {}
        self.writing = False
        self.main = _get_ident()
        self.busy: set[int] = set()  # threads inside the hook (its own frame walk raises events too)

    # -- whose code is running ---------------------------------------------------------------------
    def is_model_file(self, filename: str) -> bool:
        """A file of the code under test: under the workspace and not one of the task's test files."""
        return filename.startswith(self.root) and _realpath(filename) not in self.trusted

    def model_on_stack(self) -> bool:
        frame = _getframe(2)
        while frame is not None:
            if self.is_model_file(frame.f_code.co_filename):
                return True
            frame = frame.f_back
        return False

    def model_calls(self) -> bool:
        """The code that raised the event is the code under test's own (``inspect``'s frame helpers are
        looked through: they only hand the caller's frames on)."""
        frame = _getframe(2)
        while frame is not None and (frame.f_code.co_filename in (__file__, _INSPECT)):
            frame = frame.f_back
        return frame is not None and self.is_model_file(frame.f_code.co_filename)

    def note(self, what: str) -> None:
        if what not in self.tampered and len(self.tampered) < 20:
            self.tampered.append(what)

    # -- the audit hook ----------------------------------------------------------------------------
    def audit(self, event: str, args: "tuple[Any, ...]") -> None:
        thread = _get_ident()
        if thread in self.busy:
            return
        self.busy.add(thread)
        try:
            self._audit(event, args)
        finally:
            self.busy.discard(thread)

    def _audit(self, event: str, args: "tuple[Any, ...]") -> None:
        if event == "open":
            self._open(args)
            return
        if self.repository and not event.startswith(CHANGING):
            return  # a real project's code may trace, walk frames and start processes (see the module)
        if event == "object.__getattr__":
            if args[1] not in FRAME_ATTRIBUTES:
                return
        elif event == "object.__setattr__":
            if args[1] not in SET_ATTRIBUTES:
                return
        elif event.startswith(CHANGING):
            if not _any(self._in_out(a) for a in args if _isinstance(a, (str, bytes))):
                return
        elif not event.startswith(REFUSED):
            return
        # What only walks objects (attributes, frames) is refused to the code under test itself; what
        # acts (ctypes, tracing, processes, ...) whenever that code is anywhere on the stack.
        if self.model_calls() if event.startswith(NEAR) else self.model_on_stack():
            what = f"{event} ({args[1]})" if event.startswith("object.") else event
            self.note(f"the code under test used {what}")
            raise RuntimeError(f"stepwise verdict: {event} is not allowed in the code under test")

    def _in_out(self, path: object) -> bool:
        if self.out_dir is None or not _isinstance(path, str):
            return False
        return (_realpath(path) + _sep).startswith(self.out_dir)

    def _open(self, args: "tuple[Any, ...]") -> None:
        path = args[0]
        if not _isinstance(path, str):
            return
        mode, flags = (list(args) + ["r", 0])[1:3]
        writes = _isinstance(mode, str) and _any(c in mode for c in "wax+") or (
            _isinstance(flags, int) and bool(flags & (os.O_WRONLY | os.O_RDWR)))
        real = _realpath(path)
        if self._in_out(path) and writes and not (self.writing and _get_ident() == self.main):
            self.note(f"something wrote to the report folder ({os.path.basename(real)})")
            raise PermissionError(f"stepwise verdict: {real} is the verifier's")
        if real in self.trusted and not self.repository and self.model_on_stack():
            self.note(f"the code under test opened a test file ({os.path.basename(real)})")
            raise PermissionError("stepwise verdict: the code under test may not read the tests")

    # -- what must not change ----------------------------------------------------------------------
    def snapshot(self, name: str, namespace: dict, prefix: "str | None" = None) -> None:
        """Keep ``namespace`` as it is now (``prefix``: only its names that start so; others may change).
        The judge's names a rewritten test module holds are kept as the judge's own functions, whatever
        the module held by now (the code under test runs while the module is imported)."""
        kept = dict(namespace) if prefix is None else {k: v for k, v in namespace.items()
                                                        if _isinstance(k, str) and k.startswith(prefix)}
        for key in kept:
            if _isinstance(key, str) and key.startswith(verdict_rewrite.JUDGE):
                kept[key] = _JUDGE_FUNCTIONS.get(key, _NOT_THE_JUDGES)
        self.snapshots[name] = (namespace, kept, prefix is None)

    def changed(self) -> "list[str]":
        out = []
        for name, (namespace, kept, whole) in self.snapshots.items():
            if (whole and len(namespace) != len(kept)) or _any(namespace.get(k, kept) is not v for k, v in kept.items()):
                names = sorted(k for k in (set(namespace) | set(kept) if whole else set(kept))
                               if namespace.get(k, None) is not kept.get(k, None))[:5]
                out.append(f"the code under test changed {name} ({', '.join(map(str, names))})")
        return out


_guard: "Guard | None" = None
# The functions a rewritten assertion calls, by the names the rewrite binds them to in the test module.
_JUDGE_FUNCTIONS = types.MappingProxyType({verdict_rewrite.JUDGE + name: judge.__dict__[name]
                                           for name in verdict_rewrite.FUNCTIONS})
_NOT_THE_JUDGES = object()


def _trusted_methods(out_dir: "str | None") -> "list[str]":
    """The task's comparison methods the model left unchanged (``harness.verdict.trust``, by the host)."""
    if out_dir is None:
        return []
    try:
        with open(os.path.join(out_dir, trust.NAME), encoding="utf-8") as stream:
            entries = __import__("json").load(stream)
    except (OSError, ValueError):
        return []
    return [e for e in entries if _isinstance(e, str)] if _isinstance(entries, list) else []


def _approx_classes() -> "list[type]":
    scalar = type(pytest.approx(1))
    found, stack = [], [scalar.__mro__[1]]  # ApproxBase (pytest 7), pytest.Approx (pytest 9)
    while stack:
        cls = stack.pop()
        found.append(cls)
        stack.extend(cls.__subclasses__())
    return found


def pytest_addoption(parser):
    group = parser.getgroup("stepwise verdict")
    group.addoption("--stepwise-tests", default="", help="the task's test files (comma-separated, workspace-relative)")
    group.addoption("--stepwise-out", default=None, help="the report folder: the record goes there")
    group.addoption("--stepwise-guard", default="task", choices=("task", "repository"),
                    help="task: every guard; repository: a real project's (see the module)")


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    global _guard
    tests = {n for n in config.getoption("--stepwise-tests").split(",") if n}
    root = str(getattr(config, "rootpath", None) or config.rootdir)  # rootpath: pytest 6.1 and later
    repository = config.getoption("--stepwise-guard") == "repository"
    _guard = Guard(root, tests, config.getoption("--stepwise-out"), repository=repository)
    judge.configure(root, _trusted_methods(_guard.out_dir), _approx_classes())
    if not repository:
        _guard.snapshot("builtins", builtins.__dict__)
    for module in (judge, record, verdict_rewrite, sys.modules[__name__], _pytest_rewrite):
        _guard.snapshot(module.__name__, module.__dict__)
    if hasattr(sys, "addaudithook"):  # Python 3.8 and later
        sys.addaudithook(_guard.audit)
    elif not repository:
        raise pytest.UsageError("stepwise verdict: the task's guard needs audit hooks (Python 3.8 or later)")


def pytest_collection_finish(session):
    assert _guard is not None
    _guard.record.collected = len(session.items)
    for item in session.items:
        module = getattr(item, "module", None)
        if module is not None and module.__name__ not in _guard.snapshots:
            # A real project's tests change their own module's names (see the module): there only the
            # judge's functions the rewritten assertions call are kept.
            _guard.snapshot(module.__name__, module.__dict__, verdict_rewrite.JUDGE if _guard.repository else None)


def _from_code_under_test(excinfo) -> bool:
    assert _guard is not None
    tb = excinfo._excinfo[2] if excinfo is not None and excinfo._excinfo else None
    while tb is not None:
        if _guard.is_model_file(tb.tb_frame.f_code.co_filename):
            return True
        tb = tb.tb_next
    return False


def _marked(item) -> bool:
    if not hasattr(item, "iter_markers"):  # pytest before 3.6
        return _any(item.get_marker(name) is not None for name in ("skip", "skipif", "xfail"))
    return _any(True for name in ("skip", "skipif", "xfail") for _ in item.iter_markers(name))


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    assert _guard is not None
    problems = _guard.changed()
    for problem in problems:
        _guard.note(problem)
    dodged = (report.skipped or hasattr(report, "wasxfail")) and (
        _from_code_under_test(call.excinfo) or not _marked(item))
    if problems or dodged:
        why = problems[0] if problems else "the test was skipped or xfailed by the code it tests"
        if dodged and not problems:
            _guard.note(why)
        report.outcome = "failed"
        report.longrepr = f"stepwise verdict: {why}"
        if hasattr(report, "wasxfail"):
            del report.wasxfail


def pytest_runtest_logreport(report):
    assert _guard is not None
    seen = _guard.outcomes.get(report.nodeid)
    if report.failed:
        _guard.outcomes[report.nodeid] = "failed" if report.when == "call" else (seen if seen == "failed" else "error")
    elif report.skipped and seen is None:
        _guard.outcomes[report.nodeid] = "xfailed" if hasattr(report, "wasxfail") else "skipped"
    elif report.when == "call" and report.passed and seen is None:
        _guard.outcomes[report.nodeid] = "xpassed" if hasattr(report, "wasxfail") else "passed"
    if report.when == "teardown":
        _guard.record.finished += 1


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_sessionfinish(session, exitstatus):
    assert _guard is not None
    _guard.writing = True
    yield
    guard, entry = _guard, _guard.record
    for problem in guard.changed():
        guard.note(problem)
    for outcome in guard.outcomes.values():
        key = {"error": "errors"}.get(outcome, outcome)
        setattr(entry, key, getattr(entry, key) + 1)
    entry.exitstatus = int(session.exitstatus)
    entry.tampered = list(guard.tampered)
    if entry.finished < entry.collected:
        entry.tampered.append(f"the session ended after {entry.finished} of {entry.collected} tests")
    status = entry.exitstatus
    try:
        if guard.out_dir is not None:
            record.write(guard.out_dir, entry)
    except OSError as exc:
        sys.stderr.write(f"stepwise verdict: the record could not be written ({exc})\n")
        status = 3
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001, S110 - a replaced stream: the record is what counts
            pass
    _exit(status)
