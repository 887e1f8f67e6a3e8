"""Which lines of the repository's own code the passing tests run (``-p _stepwise_lines``).

Standalone: copied into the workspace, imports nothing from the project. Writes ``lines.json`` next to
itself: {"outside": {"file.py": [line, ...]}, "passed": [node id, ...], "by_line": {"file.py": {"line": [index
into passed, ...]}}, "replaced": bool}: the lines run outside any test (imports, collection), the tests that
passed, the lines each of them ran, and whether something else set a trace function during the run (a
tracing library under test, coverage), so that lines went unseen and the record cannot tell that a line
never runs.

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
_passed = []  # the tests that passed ...
_passed_lines = []  # ... and the lines each ran ({co_filename: lines})
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
        _passed_lines.append(_current)
    _current = _outside


def pytest_runtest_logreport(report):
    if report.failed or (report.skipped and report.when in ("setup", "call")):
        _failed.add(_node_id(report.nodeid))


def _rel(filename):
    return os.path.relpath(os.path.realpath(filename), _ROOT).replace(os.sep, "/")


def pytest_sessionfinish(session, exitstatus):
    _set_trace(None)
    outside = {}
    for filename, numbers in _outside.items():
        outside.setdefault(_rel(filename), set()).update(numbers)
    by_line = {}
    for index, ran in enumerate(_passed_lines):
        for filename, numbers in ran.items():
            tests = by_line.setdefault(_rel(filename), {})
            for number in numbers:
                runs = tests.setdefault(str(number), [])
                if not runs or runs[-1] != index:  # one file under two names (a link) adds a test once
                    runs.append(index)
    with open(os.path.join(_HERE, "lines.json"), "w", encoding="utf-8") as fh:
        json.dump({"outside": {rel: sorted(numbers) for rel, numbers in outside.items()},
                   "passed": _passed, "by_line": by_line, "replaced": _replaced[0]}, fh)
