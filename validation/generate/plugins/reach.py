"""Which functions of the repository each test reaches (``-p _stepwise_reach``).

Standalone: copied into the workspace, imports nothing from the project. Writes ``reach.json`` next to
itself: {node id: {"outcome": "passed"|"failed"|"skipped", "functions": ["file.py:LINE", ...], "direct": [...],
"seconds": its setup, call and teardown (profiled, so longer than a plain run)}},
a function named by its file and first line (``co_firstlineno``: every Python has it, unlike ``co_qualname``);
``direct``: the functions the test's own code (a test file, a ``conftest.py``) calls, not through other code.
A profile hook (calls only, no line events) keeps the baseline run cheap.
"""

import json
import os
import sys
import threading

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.getcwd()
_SKIP = ("test_", "conftest.py")
_files = {}  # co_filename -> workspace-relative path of a source file, or None
_tests = {}  # co_filename -> whether it is test code of the repository (a test file, a conftest.py)
_current = {}  # the running test's reached functions
_direct = {}  # ... and those among them its test code calls itself
_results = {}


def _source(code):
    name = code.co_filename
    try:
        return _files[name]
    except KeyError:
        path = os.path.realpath(name) if os.path.isabs(name) else ""  # "<frozen ...>" is no file
        rel = None
        test = False
        if path.startswith(_ROOT + os.sep) and path.endswith(".py") and not path.startswith(_HERE):
            rel = os.path.relpath(path, _ROOT).replace(os.sep, "/")
            parts = rel.split("/")
            if (os.path.basename(rel).startswith(_SKIP) or rel.endswith("_test.py")
                    or any(p in ("test", "tests", "testing") for p in parts[:-1])):
                rel, test = None, True
        _files[name] = rel
        _tests[name] = test
        return rel


def _is_test(code):
    if code.co_filename not in _tests:
        _source(code)
    return _tests[code.co_filename]


def _profile(frame, event, arg):
    if event == "call":
        rel = _source(frame.f_code)
        if rel is not None:
            function = f"{rel}:{frame.f_code.co_firstlineno}"
            _current[function] = True
            caller = frame.f_back
            if caller is not None and _is_test(caller.f_code):
                _direct[function] = True


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _current.clear()
    _direct.clear()
    sys.setprofile(_profile)
    threading.setprofile(_profile)
    yield
    sys.setprofile(None)
    threading.setprofile(None)
    entry = _results.setdefault(_node_id(item.nodeid), {"outcome": "passed", "functions": []})
    entry["functions"] = sorted(_current)
    entry["direct"] = sorted(_direct)


def _node_id(nodeid):
    # pytest before 4 names a class's tests tests/t.py::TestX::()::test_y; every pytest takes the id without
    # the "()" as an argument, and a task's tests must be named the same in every environment.
    return nodeid.replace("::()", "")


def pytest_runtest_logreport(report):
    entry = _results.setdefault(_node_id(report.nodeid), {"outcome": "passed", "functions": []})
    entry["seconds"] = entry.get("seconds", 0.0) + (getattr(report, "duration", 0.0) or 0.0)
    if report.failed:
        entry["outcome"] = "failed"
    elif report.skipped and entry["outcome"] == "passed" and report.when in ("setup", "call"):
        entry["outcome"] = "skipped"


def pytest_sessionfinish(session, exitstatus):
    with open(os.path.join(_HERE, "reach.json"), "w", encoding="utf-8") as fh:
        json.dump(_results, fh)
