"""The trace of a planted bug's failing tests (``-p _stepwise_trace``).

Standalone: copied into the workspace, imports nothing from the project. Reads ``plant.json`` next to
itself ({"file", "lines", "function"}: the planted change), and per test writes a line to
``trace.jsonl``: how often the changed lines ran, the count of calls into repository code when they
first and last ran and when the test failed, the failure's traceback (file, line, function, source line) with
the exception's type, and the repository files whose code ran from the first run of a changed line to the
failure (``files_after``: where the wrong value can have travelled before it failed the test). What the
generator measures (``validation.generate.distance``) is read from it.
"""

import json
import linecache
import os
import sys
import threading

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.getcwd()
with open(os.path.join(_HERE, "plant.json"), encoding="utf-8") as _fh:
    _PLANT = json.load(_fh)
_TARGET = os.path.realpath(os.path.join(_ROOT, _PLANT["file"]))
_LINES = frozenset(_PLANT["lines"])
_files = {}  # co_filename -> its workspace-relative path when it is the repository's, else ""
_state = {"calls": 0, "hits": 0, "first_hit_call": None, "last_hit_call": None}
_after = set()  # files whose code ran since a changed line first ran
_lock = threading.Lock()


def _in_repo(code):
    name = code.co_filename
    try:
        return _files[name]
    except KeyError:
        # Frozen and generated code ("<frozen posixpath>", "<string>") has no file: never the repository's.
        path = os.path.realpath(name) if os.path.isabs(name) else ""
        inside = path.startswith(_ROOT + os.sep) and not path.startswith(_HERE)
        _files[name] = rel = os.path.relpath(path, _ROOT).replace(os.sep, "/") if inside else ""
        return rel


def _local(frame, event, arg):
    if event == "line" and frame.f_lineno in _LINES:
        with _lock:
            _state["hits"] += 1
            if _state["first_hit_call"] is None:
                _state["first_hit_call"] = _state["calls"]
            _state["last_hit_call"] = _state["calls"]
    return _local


def _global(frame, event, arg):
    code = frame.f_code
    rel = _in_repo(code)
    if not rel:
        return None
    _state["calls"] += 1
    if _state["first_hit_call"] is not None:
        _after.add(rel)
    if os.path.realpath(code.co_filename) == _TARGET:
        return _local
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _state.update(calls=0, hits=0, first_hit_call=None, last_hit_call=None)
    _after.clear()
    item._stepwise_failure = None
    sys.settrace(_global)
    threading.settrace(_global)
    yield
    sys.settrace(None)
    threading.settrace(None)
    record = {"test": item.nodeid, "hits": _state["hits"], "calls": _state["calls"],
              "first_hit_call": _state["first_hit_call"], "last_hit_call": _state["last_hit_call"],
              "failure": item._stepwise_failure}
    with open(os.path.join(_HERE, "trace.jsonl"), "a", encoding="utf-8") as fh:
        fh.write(json.dumps(record) + "\n")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if not report.failed or call.excinfo is None or item._stepwise_failure is not None:
        return
    frames = []
    for entry in call.excinfo.traceback:
        path = os.path.realpath(str(entry.path))
        if not path.startswith(_ROOT + os.sep) or path.startswith(_HERE):
            continue
        rel = os.path.relpath(path, _ROOT).replace(os.sep, "/")
        line = entry.lineno + 1
        code = entry.frame.code.raw
        frames.append({"file": rel, "line": line, "function": code.co_name, "first_line": code.co_firstlineno,
                       "text": linecache.getline(path, line).strip()})
    item._stepwise_failure = {"when": call.when, "type": call.excinfo.typename,
                              "message": str(call.excinfo.value).splitlines()[0][:300] if str(call.excinfo.value) else "",
                              "calls": _state["calls"], "frames": frames, "files_after": sorted(_after)}
