"""The verdict guard on a repository task's tests (``--stepwise-guard=repository``), run by pytest in a
subprocess over a small project: the task's own comparison rules hold inside containers, the model's never
decide, and a judged assertion gives a frame as many locals as plain pytest does.

thefuck 22 and 24 compare sets of ``CorrectedCommand`` (whose shipped ``__eq__``/``__hash__`` ignore the
priority); PySnooper 2 traces a generator of its test and counts its variables. The real bugs verify end to
end in tests/harness/episode/test_repository_verdict.py."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from _pytest.assertion import rewrite as pytest_rewrite

from harness.repository_task import _trusted
from harness.verdict import record as verdict_record
from harness.verdict import rewrite as verdict_rewrite
from harness.verdict import trust
from tests.conftest import REPO_ROOT

# The project as the task ships it: a class whose equality ignores its priority (thefuck's CorrectedCommand).
SHIPPED = {"pkg/__init__.py": "", "setup.cfg": "[tool:pytest]\n", "pkg/types.py": '''\
class Command(object):
    def __init__(self, script, priority=1000, extra=None):
        self.script = script
        self.priority = priority
        self.extra = extra

    def __eq__(self, other):
        if isinstance(other, Command):
            return (other.script, other.extra) == (self.script, self.extra)
        return False

    def __hash__(self):
        return (self.script, self.extra).__hash__()


def corrected(scripts):
    return [Command(script) for script in scripts]
'''}
# The model's object that equals anything, added to the shipped module by several programs below.
ANYTHING = '''

class Anything(object):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 1
'''
TESTS = "tests/test_types.py"
TEST = '''\
from pkg.types import Command, corrected


def test_set_of_commands():
    assert {Command('ls', 100), Command('ls', 200)} == {Command('ls')}


def test_list_of_commands():
    assert corrected(['ls', 'cd']) == [Command('ls', 5), Command('cd', 7)]
    assert Command('ls', 3) in corrected(['ls'])
    assert set(corrected(['ls', 'ls'])) == {Command('ls', 1)}


def test_different_commands_differ():
    assert {Command('ls')} != {Command('cd')}
    assert not (corrected(['ls']) == [Command('cd')])
'''


def run_guarded(tmp_path: Path, changed: dict[str, str], test: str = TEST, *, shipped: dict[str, str] = SHIPPED,
                published: dict[str, str] | None = None):
    """pytest with the guard over the ``shipped`` project (the buggy commit) and the model's ``changed`` files
    (``published``: the fix's files); the guard's record and pytest's output."""
    project, out = tmp_path / "project", tmp_path / "out"
    for name, text in {**shipped, TESTS: test, **changed}.items():
        (project / name).parent.mkdir(parents=True, exist_ok=True)
        (project / name).write_text(text)
    out.mkdir()
    fixed = None
    if published is not None:
        fixed = tmp_path / "fixed"
        for name, text in {**shipped, **published}.items():
            (fixed / name).parent.mkdir(parents=True, exist_ok=True)
            (fixed / name).write_text(text)
    carried: dict[str, tuple[bytes | None, bytes | None]] = {
        name: (shipped[name].encode() if name in shipped else None, text.encode())
               for name, text in changed.items()}
    (out / trust.NAME).write_text(trust.dumps(_trusted(project, carried, {TESTS}, fixed)))
    env = {**os.environ, "PYTHONPATH": f"{REPO_ROOT}{os.pathsep}{project}", "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}
    result = subprocess.run(
        [sys.executable, "-B", "-m", "pytest", "-p", "no:cacheprovider", "-o", "addopts=", "-rfE",
         "-p", "harness.verdict.plugin", f"--stepwise-tests={TESTS}", f"--stepwise-out={out}",
         "--stepwise-guard=repository", TESTS], cwd=project, env=env, capture_output=True, text=True, timeout=120)
    entry = verdict_record.read(out)
    assert entry is not None, result.stdout + result.stderr
    return entry, result.stdout + result.stderr


def test_the_tasks_own_equality_decides_sets_and_lists_of_its_objects(tmp_path):
    entry, output = run_guarded(tmp_path, {})
    assert (entry.passed, entry.failed, entry.tampered) == (3, 0, []), output


def test_an_equality_exactly_as_the_published_fix_has_it_decides_too(tmp_path):
    """thefuck 24: the fix itself turns a namedtuple into the class with the ``__eq__``."""
    buggy = {**SHIPPED, "pkg/types.py": "from collections import namedtuple\nCommand = namedtuple('Command', 'script')\n"}
    fix = {"pkg/types.py": SHIPPED["pkg/types.py"]}
    entry, output = run_guarded(tmp_path, fix, shipped=buggy, published=fix)
    assert (entry.passed, entry.failed) == (3, 0), output
    # Any other equality the model writes there is its own: decided on plain data, where the priorities differ.
    other = {"pkg/types.py": SHIPPED["pkg/types.py"].replace("(self.script, self.extra)\n", "(self.script, self.extra) or 1\n")}
    entry, output = run_guarded(tmp_path / "other", other, shipped=buggy, published=fix)
    assert (entry.passed, entry.failed) == (1, 2), output
    assert "test_different_commands_differ PASSED" not in output and output.count("FAILED tests/") == 2


ALWAYS_EQUAL = SHIPPED["pkg/types.py"].replace(
    "        if isinstance(other, Command):\n            return (other.script, other.extra) == (self.script, self.extra)\n"
    "        return False\n", "        return True\n")
FAILING_TEST = '''\
from pkg.types import Command, corrected


def test_set():
    assert {Command('ls')} == {Command('cd')}


def test_list():
    assert corrected(['ls']) == [Command('cd')]


def test_member():
    assert Command('cd') in corrected(['ls'])
'''


def test_an_equality_the_model_rewrote_decides_nothing(tmp_path):
    """The model's ``__eq__`` that says yes to everything: the members compare as plain data (unequal)."""
    assert ALWAYS_EQUAL != SHIPPED["pkg/types.py"]
    entry, output = run_guarded(tmp_path, {"pkg/types.py": ALWAYS_EQUAL}, FAILING_TEST)
    assert (entry.passed, entry.failed) == (0, 3), output


def test_a_class_the_model_added_decides_nothing_in_a_container(tmp_path):
    added = SHIPPED["pkg/types.py"] + '''

class Anything(str):
    def __eq__(self, other):
        return True

    __hash__ = str.__hash__


class Yes(object):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 1


def corrected(scripts):
    return [Yes() for script in scripts]
'''
    entry, output = run_guarded(tmp_path, {"pkg/types.py": added}, FAILING_TEST + '''

def test_strings():
    assert [Anything('x')] == ['y']
''')
    assert (entry.passed, entry.failed) == (0, 4), output


def test_a_shipped_object_holding_the_models_object_is_compared_as_plain_data(tmp_path):
    """The shipped ``__eq__`` compares ``script``: a script that equals anything would make it say yes."""
    holding = SHIPPED["pkg/types.py"] + ANYTHING + '''


def corrected(scripts):
    return [Command(Anything()) for script in scripts]
'''
    entry, output = run_guarded(tmp_path, {"pkg/types.py": holding}, FAILING_TEST)
    assert (entry.passed, entry.failed) == (0, 3), output


def test_a_kept_copy_the_model_builds_is_decided_again(tmp_path):
    """A kept copy (``(KEPT, object)``) the model builds around its own object is decided again."""
    forged = SHIPPED["pkg/types.py"] + ANYTHING + '''


def corrected(scripts):
    from harness.verdict.judge import KEPT
    return [(KEPT, Anything()) for script in scripts]
'''
    entry, output = run_guarded(tmp_path, {"pkg/types.py": forged}, FAILING_TEST)
    assert (entry.passed, entry.failed) == (0, 3), output


def _pytest_locals(source: str, *, judged: bool) -> int:
    """How many temporaries (``@py_assertN``) pytest's own rewriting gives the function in ``source``."""
    tree = ast.parse(source)
    if judged:
        verdict_rewrite.rewrite(tree)
    pytest_rewrite.rewrite_asserts(tree, source.encode())
    function = tree.body[-1]
    return len({n.id for n in ast.walk(function) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
                and n.id.startswith("@py_assert")})


def test_a_judged_assertion_gives_a_traced_frame_as_many_locals_as_plain_pytest():
    """PySnooper 2's test traces a generator of the test and counts the variables it sees: a judged
    comparison, ``not`` or builtin call is one call where pytest alone assigns one local."""
    for assertion in ("not x", "y == 'sent'", "len(y) == 4", "x in y", "not isinstance(x, int)", "x < y",
                      "sorted(x) != [1, 2]", "f(x) is None"):
        source = f"def test(x, y, f):\n    assert {assertion}\n"
        assert _pytest_locals(source, judged=True) == _pytest_locals(source, judged=False), assertion


def test_the_judges_names_in_a_test_module_are_kept_in_repository_mode(tmp_path):
    """A real project's tests may change their module's names, the judge's are not theirs: the model's
    code that rebinds ``@stepwise_Eq`` in the test module fails the test and marks the run tampered."""
    rebinding = SHIPPED["pkg/types.py"] + '''

import sys


def corrected(scripts):
    for module in list(sys.modules.values()):
        if '@stepwise_Eq' in getattr(module, '__dict__', {}):
            module.__dict__['@stepwise_Eq'] = lambda left, right: True
    return []
'''
    entry, output = run_guarded(tmp_path, {"pkg/types.py": rebinding}, '''\
from pkg.types import Command, corrected


def test_list():
    assert corrected(['ls']) == [Command('cd')]
''')
    assert (entry.passed, entry.failed) == (0, 1), output
    assert any("@stepwise_Eq" in what for what in entry.tampered), entry.tampered


def test_the_judges_names_rebound_while_the_test_module_imports_are_noticed(tmp_path):
    """The same, done while the test module imports the package (before the guard looks at the module)."""
    rebinding = SHIPPED["pkg/types.py"] + '''

import sys

for module in list(sys.modules.values()):
    if '@stepwise_Eq' in getattr(module, '__dict__', {}):
        module.__dict__['@stepwise_Eq'] = lambda left, right: True
'''
    entry, output = run_guarded(tmp_path, {"pkg/types.py": rebinding}, '''\
from pkg.types import Command, corrected


def test_list():
    assert corrected(['ls']) == [Command('cd')]
''')
    assert entry.passed == 0 and entry.failed + entry.errors >= 1, output
    assert entry.tampered == ["the code under test changed test_types (@stepwise_Eq)"], entry.tampered


# The shipped ``__eq__`` reads ``script`` and ``extra``: a class that answers those for it says yes to all.
BORROWING = '''

class Anything(object):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return 1


class Borrower(object):
    __eq__ = Command.__eq__
    __hash__ = Command.__hash__

    def __getattribute__(self, name):
        return Anything()


class Claimer(Borrower):
    __module__ = Command.__module__
    __qualname__ = 'Command'
'''


def test_a_shipped_equality_borrowed_by_the_models_class_decides_nothing(tmp_path):
    """The shipped method in a class of the model's, or in one that claims the shipped class's module
    and name: not the method of the class that defines it, as its module holds it."""
    for maker in ("Borrower", "Claimer"):
        borrowing = SHIPPED["pkg/types.py"] + BORROWING + f'''

def corrected(scripts):
    return [{maker}() for script in scripts]
'''
        entry, output = run_guarded(tmp_path / maker, {"pkg/types.py": borrowing}, FAILING_TEST + '''

def test_alone():
    assert corrected(['ls'])[0] == Command('cd')
''')
        assert (entry.passed, entry.failed) == (0, 4), output


def test_a_method_set_on_the_shipped_class_at_run_time_makes_it_the_models(tmp_path):
    """``Command.__getattribute__`` set by the model's code: the class is no longer as the task shipped it,
    and a set of its objects compares as plain data."""
    patched = SHIPPED["pkg/types.py"] + ANYTHING + '''


Command.__getattribute__ = lambda self, name: Anything()
'''
    entry, output = run_guarded(tmp_path, {"pkg/types.py": patched}, '''\
from pkg.types import Command, corrected


def test_set():
    assert {Command('ls')} == {Command('cd')}


def test_list():
    assert corrected(['ls']) == [Command('cd')]
''')
    assert (entry.passed, entry.failed) == (0, 2), output
