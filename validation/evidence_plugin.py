"""Evidence recorder, loaded into the buggy test run as a pytest plugin (``-p _stepwise_evidence``).

Standalone on purpose: it is copied into the sandboxed workspace and imports nothing from the project.
It reads ``spec.json`` next to itself ([{"file", "line", "expression", "test"}, ...], files relative to
the working directory) and, the first time any thread or asyncio task is about to run a target line (a
'line' trace event: the moment a pdb breakpoint there would stop) while the item's test runs (any test
when it names none), evaluates the expression in that frame and appends ``{"index", "repr", "test"}``
or ``{"index", "error", "test"}`` to ``observed.jsonl`` (``test``: the node id of the running test). Each record is
written at once, so a run killed at its timeout (a hang task's buggy tests) still leaves what it saw.
Once every item has its record the run ends at once (exit status 0): what follows cannot change a
first hit, and a hang task's evidence run then lasts as long as reaching its evidence, not timeout_s.
"""

import json
import os
import sys
import threading

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
_OUT = os.path.join(_HERE, "observed.jsonl")
_lock = threading.Lock()
_pending = {}  # realpath -> {line: [(index, expression, test or None)]}
_file_cache = {}  # co_filename -> its realpath when it holds a target, else None
_running = [None]  # the node id of the test being run ("test_x.py::test_y")


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    _running[0] = item.nodeid
    # Python drops a thread's trace function when it fails, as it does when a test runs into the
    # recursion limit: armed again for every test, so a later test is still observed.
    if not _all_seen():
        sys.settrace(_global)


def _load():
    with open(os.path.join(_HERE, "spec.json"), encoding="utf-8") as fh:
        items = json.load(fh)
    for index, item in enumerate(items):
        path = os.path.realpath(item["file"])
        _pending.setdefault(path, {}).setdefault(item["line"], []).append(
            (index, item["expression"], item.get("test")))


def _in_test(test):
    running = _running[0] or ""
    return test is None or running == test or running.startswith(test + "[")


def _file_of(code):
    # Keyed by file name, not code object: equal code objects from two files compare equal.
    name = code.co_filename
    try:
        return _file_cache[name]
    except KeyError:
        path = os.path.realpath(name)
        result = path if path in _pending else None
        _file_cache[name] = result
        return result


def _record(entry):
    with open(_OUT, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(entry) + "\n")


def _all_seen():
    return not any(lines for lines in _pending.values())


def _observe(frame, targets):
    for index, expression, _test in targets:
        try:
            value = eval(expression, frame.f_globals, frame.f_locals)  # noqa: S307 - the task's own evidence
            entry = {"index": index, "repr": repr(value)}
        except BaseException as exc:  # the expression, or its repr, may raise anything
            entry = {"index": index, "error": f"{type(exc).__name__}: {exc}"}
        entry["test"] = _running[0]
        _record(entry)


def _local(frame, event, arg):
    if event == "line":
        path = _file_of(frame.f_code)
        lines = _pending.get(path) if path else None
        if lines and frame.f_lineno in lines:
            with _lock:
                waiting = lines.get(frame.f_lineno, [])
                targets = [target for target in waiting if _in_test(target[2])]
                if targets:
                    rest = [target for target in waiting if target not in targets]
                    if rest:
                        lines[frame.f_lineno] = rest
                    else:
                        del lines[frame.f_lineno]
                    _observe(frame, targets)
                    if _all_seen():
                        sys.settrace(None)
                        threading.settrace(None)
                        os._exit(0)
    return _local


def _global(frame, event, arg):
    path = _file_of(frame.f_code)
    if path is None or not _pending.get(path):
        return None
    return _local


_load()
sys.settrace(_global)
threading.settrace(_global)
