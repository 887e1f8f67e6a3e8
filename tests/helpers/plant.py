"""A pytest plugin that plants one known bug in a guard before the tests run: the mutation run's fast
subset (tests/test_mutation_guards.py) runs a guard's own tests with it and expects them to fail.

``STEPWISE_PLANT`` holds JSON ``{"function": "module.function" or "module.Class.method", "from": line,
"to": line}``: the one line of the function whose stripped text is ``from`` becomes ``to`` (indentation
kept), the function is compiled again in its module's namespace, and its code object is swapped in place,
so every reference to it (``from module import function`` included) runs the planted version. A
function or line that is not there is an error (status 4 before any test runs), never a silent pass.
"""

from __future__ import annotations
import __future__

import importlib
import inspect
import json
import os
import sys
import textwrap

PLANTED = "[plant] planted in"


def _resolve(dotted: str):
    parts = dotted.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            target = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            target = getattr(target, name)
        return target
    raise ImportError(f"no module holds {dotted}")


def plant(dotted: str, before: str, after: str) -> None:
    function = inspect.unwrap(_resolve(dotted))
    source = textwrap.dedent(inspect.getsource(function)).splitlines()
    while source and source[0].startswith("@"):  # decorators: only the function's own code is swapped
        source.pop(0)
    hits = [i for i, line in enumerate(source) if line.strip() == before]
    if len(hits) != 1:
        raise ValueError(f"{dotted}: the line {before!r} is there {len(hits)} times, expected once")
    line = source[hits[0]]
    source[hits[0]] = line[:len(line) - len(line.lstrip())] + after
    namespace = dict(function.__globals__)
    exec(compile("\n".join(source) + "\n", inspect.getsourcefile(function) or dotted, "exec",
                 flags=__future__.annotations.compiler_flag, dont_inherit=True), namespace)
    function.__code__ = namespace[function.__name__].__code__


def pytest_configure(config):
    spec = json.loads(os.environ["STEPWISE_PLANT"])
    plant(spec["function"], spec["from"], spec["to"])
    sys.stderr.write(f"{PLANTED} {spec['function']}: {spec['to']}\n")
