"""The trace of a planted bug's failing tests (``-p _stepwise_trace``).

Standalone: copied into the workspace, imports nothing from the project. Reads ``plant.json`` next to
itself ({"file", "function", "function_line", "lines", "before_return"}: the planted change and where it
runs, ``validation.generate.watch``), and per test writes a line to
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
# Lines holding a ``pass`` that ends the changed function's body (``validation.generate.watch``): it runs
# when the function returns from an earlier line that is no return or raise of its own.
_BEFORE_RETURN = tuple(_PLANT.get("before_return", ()))
_FUNCTION_LINE = _PLANT.get("function_line")
_LEAVES = ("return", "raise", "yield")
_files = {}  # co_filename -> its workspace-relative path when it is the repository's, else ""
_targets = {}  # co_filename -> whether it is the changed file
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
        _targets[name] = path == _TARGET  # found once per file: a realpath on every call slowed the traced run
        return rel


def _ran(frame, event):
    if event == "line":
        return frame.f_lineno in _LINES
    if event != "return" or not _BEFORE_RETURN or frame.f_code.co_firstlineno != _FUNCTION_LINE:
        return False
    last = frame.f_lineno
    text = linecache.getline(frame.f_code.co_filename, last).strip()
    return any(last < line for line in _BEFORE_RETURN) and not text.startswith(_LEAVES)


def _local(frame, event, arg):
    if _ran(frame, event):
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
    return _local if _targets.get(code.co_filename) else None


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
    record = {"test": item.nodeid.replace("::()", ""), "hits": _state["hits"], "calls": _state["calls"],
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
