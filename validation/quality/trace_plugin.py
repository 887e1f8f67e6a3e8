"""State tracer, loaded into a pytest run as a plugin (``-p _stepwise_trace``) to find where program
state first goes wrong (``corpus.divergence`` compares a buggy and a correct trace).

Standalone on purpose: it is copied into the sandboxed workspace and imports nothing from the project.
It reads ``trace_spec.json`` next to itself ({"tests": ["file.py::name", ...], "max_events": N}),
runs only those tests (the failing tests of the buggy version; a parametrized or class test is matched
by file and function name) and, while each runs, traces every frame whose code lives in the workspace
(the working directory, this folder left out), writing one JSON list per event to ``trace.jsonl``:

- ``["test", nodeid]`` when a test starts;
- ``["call", file, qualname, line, depth, digest]`` (``digest``: the code's bytecode, constants and
  names, not its line numbers: equal in both versions when the fix left the function alone);
- ``["assign", file, qualname, line, depth, name, value]`` for each local that a line (or the call,
  for arguments) bound to a new value, ``value`` a bounded, address-free repr;
- ``["return", file, qualname, line, depth, value]``, ``["raise", file, qualname, line, depth, type]``;
- ``["step", file, qualname, line, depth]`` for each line a test function runs (the test's steps);
- ``["cut", nodeid]`` when a test ran past ``max_events`` (the rest of it is not traced).

Every event is written as it happens (flushed in batches, and by a helper thread every
``FLUSH_EVERY_S``), so a hang test stopped at its time limit still leaves what it did, even when it
blocked before a batch filled.
"""

import hashlib
import json
import os
import re
import reprlib
import sys
import threading
import time

import pytest

_HERE = os.path.dirname(os.path.abspath(__file__))
_ROOT = os.path.realpath(os.getcwd())
with open(os.path.join(_HERE, "trace_spec.json"), encoding="utf-8") as _fh:
    _SPEC = json.load(_fh)
_WANTED = {(t.split("::", 1)[0], t.rsplit("::", 1)[-1].split("[", 1)[0]) for t in _SPEC["tests"]}
_MAX_EVENTS = int(_SPEC.get("max_events", 20000))
_OUT = open(os.path.join(_HERE, "trace.jsonl"), "w", encoding="utf-8")  # noqa: SIM115 - open for the run
_lock = threading.Lock()
_files = {}  # co_filename -> workspace-relative path, or None when not traced
_digests = {}  # code object -> digest
_state = {"events": 0, "test": None, "test_files": set(), "on": False}
_depth = threading.local()
_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
FLUSH_EVERY_S = 0.2


def _flush_now_and_then():
    # A test blocked on a lock or a queue writes nothing more: what it wrote must reach the file before
    # the sandbox stops it. Not traced itself (started before any trace function is set).
    while True:
        time.sleep(FLUSH_EVERY_S)
        with _lock:
            _OUT.flush()


threading.Thread(target=_flush_now_and_then, name="stepwise-trace-flush", daemon=True).start()


class _Repr(reprlib.Repr):
    """Bounded reprs with sets sorted (string hashing is salted per process) and no addresses."""

    def __init__(self):
        super().__init__()
        self.maxlevel, self.maxdict, self.maxlist, self.maxtuple = 4, 12, 12, 12
        self.maxset, self.maxfrozenset, self.maxdeque, self.maxarray = 12, 12, 12, 12
        self.maxstring, self.maxlong, self.maxother = 120, 60, 160

    def _sorted_set(self, x, level, kind):
        items = sorted(self.repr1(item, level - 1) for item in x)
        shown = items[:self.maxset] + (["..."] if len(items) > self.maxset else [])
        body = ", ".join(shown)
        return f"{kind}({{{body}}})" if kind else "{" + body + "}" if shown else "set()"

    def repr_set(self, x, level):
        return self._sorted_set(x, level, "")

    def repr_frozenset(self, x, level):
        return self._sorted_set(x, level, "frozenset")

    def repr_instance(self, x, level):
        try:
            text = repr(x)
        except BaseException as exc:  # a broken __repr__ of the program under test
            text = f"<{type(x).__name__} repr failed: {type(exc).__name__}>"
        text = _ADDRESS.sub("", text)
        return text if len(text) <= self.maxother else text[:self.maxother - 3] + "..."


_repr = _Repr()


def _value(obj):
    try:
        return _ADDRESS.sub("", _repr.repr(obj))
    except BaseException as exc:
        return f"<{type(obj).__name__} repr failed: {type(exc).__name__}>"


def _file_of(code):
    name = code.co_filename
    try:
        return _files[name]
    except KeyError:
        path = os.path.realpath(name)
        rel = None
        if path.startswith(_ROOT + os.sep) and not path.startswith(_HERE + os.sep) and path.endswith(".py"):
            rel = os.path.relpath(path, _ROOT).replace(os.sep, "/")
        _files[name] = rel
        return rel


def _digest(code):
    try:
        return _digests[code]
    except KeyError:
        consts = [c.co_name if hasattr(c, "co_code") else repr(c) for c in code.co_consts]
        text = repr((code.co_code, consts, code.co_names, code.co_varnames))
        _digests[code] = value = hashlib.sha1(text.encode("utf-8", "replace")).hexdigest()[:12]
        return value


def _write(event):
    with _lock:
        if not _state["on"]:
            return
        _state["events"] += 1
        if _state["events"] > _MAX_EVENTS:
            _state["on"] = False
            _OUT.write(json.dumps(["cut", _state["test"]]) + "\n")
            _OUT.flush()
            return
        _OUT.write(json.dumps(event) + "\n")
        if _state["events"] % 200 == 0:
            _OUT.flush()


def _qualname(code):
    return getattr(code, "co_qualname", code.co_name)


def _snapshot(frame):
    return {name: _value(value) for name, value in list(frame.f_locals.items()) if not name.startswith("@")}


def _tracer(file, seen):
    """The local trace function of one frame; ``seen``: its locals' reprs as of the previous event."""
    last_line = [None]

    def local(frame, event, arg):
        if not _state["on"]:
            return None
        code = frame.f_code
        depth = getattr(_depth, "n", 0)
        if event in ("line", "return"):
            now = _snapshot(frame)
            line = last_line[0] or frame.f_lineno
            for name, value in now.items():
                if seen.get(name) != value:
                    _write(["assign", file, _qualname(code), line, depth, name, value])
            seen.clear()
            seen.update(now)
        if event == "line":
            last_line[0] = frame.f_lineno
            if file in _state["test_files"]:
                _write(["step", file, _qualname(code), frame.f_lineno, depth])
        elif event == "return":
            _write(["return", file, _qualname(code), frame.f_lineno, depth, _value(arg)])
            _depth.n = depth - 1
        elif event == "exception":
            _write(["raise", file, _qualname(code), frame.f_lineno, depth, arg[0].__name__])
        return local

    return local


def _global(frame, event, arg):
    if event != "call" or not _state["on"]:
        return None
    file = _file_of(frame.f_code)
    if file is None:
        return None
    depth = getattr(_depth, "n", 0) + 1
    _depth.n = depth
    code = frame.f_code
    _write(["call", file, _qualname(code), frame.f_lineno, depth, _digest(code)])
    seen = _snapshot(frame)
    for name, value in seen.items():
        _write(["assign", file, _qualname(code), frame.f_lineno, depth, name, value])
    return _tracer(file, seen)


def _wanted(item):
    file = item.nodeid.split("::", 1)[0]
    return (file, item.nodeid.rsplit("::", 1)[-1].split("[", 1)[0]) in _WANTED


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(session, config, items):
    keep = [item for item in items if _wanted(item)]
    dropped = [item for item in items if not _wanted(item)]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = keep


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    # From the test's fixtures through its body: a fixture may run the fixed code too.
    with _lock:
        nodeid = item.nodeid.replace("::()", "")  # pytest before 4: tests/t.py::TestX::()::test_y
        _state["test"], _state["events"], _state["on"] = nodeid, 0, True
        _state["test_files"] = {nodeid.split("::", 1)[0]}
        _OUT.write(json.dumps(["test", nodeid]) + "\n")
        _OUT.flush()
    _depth.n = 0
    # Armed for every test: Python drops a thread's trace function when it fails (a recursion limit).
    threading.settrace(_global)
    sys.settrace(_global)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    sys.settrace(None)
    threading.settrace(None)  # type: ignore[arg-type]
    with _lock:
        _state["on"] = False
        _OUT.flush()


def pytest_unconfigure(config):
    with _lock:
        _state["on"] = False
        _OUT.flush()
