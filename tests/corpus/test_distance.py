"""The static distance from the failing test to the fix: calls and files between them."""

from __future__ import annotations

from corpus.distance import fixed_lines, task_distance
from corpus.format import load_task
from tests.helpers.tasks import write_task

API = "from service import compute\n\n\ndef handle(request):\n    return {'total': compute(request['values'])}\n"
SERVICE = "from units import scale\n\n\ndef compute(values):\n    return sum(scale(v) for v in values)\n"
UNITS_BUGGY = "def scale(value):\n    factor = 10\n    return value * factor\n"
UNITS_CORRECT = "def scale(value):\n    factor = 100\n    return value * factor\n"
TESTS = '''\
from api import handle
from units import scale


def test_scale_of_zero():
    assert scale(0) == 0


def test_a_request_is_totalled_in_cents():
    assert handle({"values": [1, 2]}) == {"total": 300}
'''


def three_modules(tmp_path):
    return load_task(write_task(tmp_path, "cents", buggy={"units.py": UNITS_BUGGY},
                                correct={"units.py": UNITS_CORRECT}, shared={"api.py": API, "service.py": SERVICE},
                                tests={"test_cents.py": TESTS}))


def test_the_failing_test_is_three_calls_and_files_from_the_fix(tmp_path):
    task = three_modules(tmp_path)

    distance = task_distance(task, ["test_cents.py::test_a_request_is_totalled_in_cents"])

    assert fixed_lines(task) == {"units.py": {2}}
    assert (distance.frames, distance.files) == (3, 3)  # handle -> compute -> scale, each in its own file
    assert distance.test == "test_cents.py::test_a_request_is_totalled_in_cents"
    assert distance.fixed == ("units.py::scale",)


def test_without_the_failing_tests_the_nearest_test_is_measured(tmp_path):
    distance = task_distance(three_modules(tmp_path))

    assert (distance.frames, distance.files, distance.test) == (1, 1, "test_cents.py::test_scale_of_zero")


def test_callbacks_constructors_and_with_blocks_count_as_calls(tmp_path):
    buggy = ('import threading\n\n\nclass Pool:\n    def __init__(self):\n        self.items = []\n\n'
             '    def __enter__(self):\n        return self\n\n    def __exit__(self, *exc):\n'
             '        self.items.clear()\n\n\ndef worker(pool):\n    pool.items.append(1)\n\n\n'
             'def run():\n    with Pool() as pool:\n        t = threading.Thread(target=worker, args=(pool,))\n'
             '        t.start()\n        t.join()\n        return list(pool.items)\n')
    correct = buggy.replace("pool.items.append(1)", "pool.items.append(2)")
    tests = "from pool import run\n\n\ndef test_run():\n    assert run() == [2]\n"
    task = load_task(write_task(tmp_path, "pool", buggy={"pool.py": buggy}, correct={"pool.py": correct},
                                tests={"test_pool.py": tests}))

    distance = task_distance(task, ["test_pool.py::test_run"])

    assert (distance.frames, distance.files, distance.fixed) == (2, 1, ("pool.py::worker",))


def test_a_fix_no_test_reaches_has_no_distance(tmp_path):
    buggy = "def unused():\n    return 1\n\n\ndef total(values):\n    return sum(values)\n"
    task = load_task(write_task(tmp_path, "t", buggy={"counter.py": buggy},
                                correct={"counter.py": buggy.replace("return 1", "return 2")}))

    distance = task_distance(task)

    assert (distance.frames, distance.files, distance.test) == (None, None, None)
