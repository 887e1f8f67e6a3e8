"""Which lines of the repository's own code the passing tests run (``-p _stepwise_lines``).

Standalone: copied into the workspace, imports nothing from the project. Writes ``lines.json`` next to
itself: {"lines": {"file.py": [line, ...]}, "passed": [node id, ...], "replaced": bool}, where "lines" is
every line run at import or during a test that passed, and "replaced" says that something else set a trace
function during the run (a tracing library under test, coverage): its lines went unseen, so the record
cannot tell that a line never runs.

A separate run from the reach profile: line events slow the tests, and a test that fails only because of
that must not count as failing in the baseline. The tracer is set when the plugin loads, before the tests'
modules are imported, and in every thread started after.
"""

import json
import os
import sys
import threading

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.getcwd()
_files = {}  # co_filename -> whether it is a source file of the repository
_outside = {}  # co_filename -> lines run outside any test (imports, collection)
_current = _outside  # ... or in the running test
_passed_lines = {}  # co_filename -> lines run by tests that passed
_passed = []
_failed = set()
_replaced = [False]
_set_trace, _set_thread_trace = sys.settrace, threading.settrace


def _ours(filename):
    try:
        return _files[filename]
    except KeyError:
        path = os.path.realpath(filename) if os.path.isabs(filename) else ""
        ours = path.startswith(_ROOT + os.sep) and path.endswith(".py") and not path.startswith(_HERE)
        _files[filename] = ours
        return ours


def _line(frame, event, arg):
    if event == "line":
        _current.setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
    return _line


def _call(frame, event, arg):
    if event != "call" or not _ours(frame.f_code.co_filename):
        return None  # no line events in code outside the repository
    _current.setdefault(frame.f_code.co_filename, set()).add(frame.f_lineno)
    return _line


def _watch_settrace(setter):
    def settrace(function):
        if function is not _call:
            _replaced[0] = True
        return setter(function)

    return settrace


sys.settrace = _watch_settrace(_set_trace)
threading.settrace = _watch_settrace(_set_thread_trace)
_set_trace(_call)
_set_thread_trace(_call)


def _node_id(nodeid):
    return nodeid.replace("::()", "")  # as the reach plugin names tests


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    global _current
    _current = {}
    yield
    if sys.gettrace() is not _call:  # replaced from C (coverage's tracer), or cleared
        _replaced[0] = True
        _set_trace(_call)
    node = _node_id(item.nodeid)
    if node not in _failed:
        _passed.append(node)
        for filename, lines in _current.items():
            _passed_lines.setdefault(filename, set()).update(lines)
    _current = _outside


def pytest_runtest_logreport(report):
    if report.failed or (report.skipped and report.when in ("setup", "call")):
        _failed.add(_node_id(report.nodeid))


def pytest_sessionfinish(session, exitstatus):
    _set_trace(None)
    lines = {}
    for record in (_outside, _passed_lines):
        for filename, numbers in record.items():
            rel = os.path.relpath(os.path.realpath(filename), _ROOT).replace(os.sep, "/")
            lines.setdefault(rel, set()).update(numbers)
    with open(os.path.join(_HERE, "lines.json"), "w", encoding="utf-8") as fh:
        json.dump({"lines": {rel: sorted(numbers) for rel, numbers in sorted(lines.items())},
                   "passed": _passed, "replaced": _replaced[0]}, fh)
