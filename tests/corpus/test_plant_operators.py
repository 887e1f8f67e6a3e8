"""The bug-planting operators: each finds its kind of change, every change compiles, the patch it
makes applies (and reverts) exactly, and the same module always gives the same candidates."""

from __future__ import annotations

import ast
import textwrap

import pytest

from corpus.plant.context import ModuleContext
from corpus.plant.edits import PatchError, apply_edits, apply_patch, changed_lines, unified_patch
from corpus.plant.operators import OPERATORS, candidates

MODULE = textwrap.dedent('''\
    import copy
    import threading


    class Store:
        def __init__(self):
            self.items = []
            self.archive = []
            self.count = 0
            self.total = 0
            self._lock = threading.Lock()
            self._cache = {}
            self.idle = False

        def add(self, item, tags=None):
            if tags is None:
                tags = []
            with self._lock:
                self.items.append(item)
                self.count += 1
            return tags

        def retire(self, item):
            self.archive.append(item)
            self.idle = not self.items

        def accepts(self):
            return self.idle

        def lookup(self, name: str, region: str):
            key = (name, region)
            if key in self._cache:
                return self._cache[key]
            value = self._cache[(name, region)] = len(name)
            return value

        def sums(self, rows):
            seen = list(rows)
            index = 0
            total = 0
            for row in rows:
                total += row
                last = total
                index += 1
                self.total += row
            for row in seen:
                if row < 0:
                    break
            return copy.copy(seen), rows[:], index, last

        def size(self):
            return self.count

        def guarded(self, value):
            try:
                return int(value)
            except ValueError:
                raise

        def label(self, name, width=0, depth=0):
            name = name.strip()
            head = ""
            tail = "."
            if width:
                head = "-" * width
            return head + name + tail * depth

        def newest(self, name, region):
            return self.lookup(name, region), sorted(self.items, reverse=True)
    ''')


def found(operator: str) -> list[str]:
    context = ModuleContext.parse("store.py", MODULE)
    return [apply_edits(MODULE, c.edits) for c in candidates(context, (operator,))]


@pytest.mark.parametrize(("operator", "expected"), [
    ("drop_state_update", "            pass\n            self.count += 1"),
    ("misplaced_update", "            index += 1\n        self.total += row\n"),
    ("missing_copy", "return copy.copy(seen), rows, index"),
    ("missing_copy", "seen = rows\n"),
    ("shared_mutable_default", "def add(self, item, tags=[]):"),
    ("cache_key_drops_argument", "key = (name,)\n"),
    ("cache_key_drops_argument", "self._cache[(region,)]"),
    ("accumulated_index_off_by_one", "index = 1\n"),
    ("update_wrong_object", "self.archive.append(item)\n            self.count"),
    ("wrong_variable", "key = (region, region)"),
    ("wrong_variable", "return self.total\n"),
    ("wrong_variable", "return tail + name + tail * depth"),  # locals first set to the same kind of literal
    ("wrong_variable", "if depth:"),  # parameters defaulting to the same type
    ("dropped_rebinding", "        pass\n        head = \"\""),
    ("boundary_flip", "if row <= 0:"),
    ("swallowed_exception", "except ValueError:\n            pass\n"),
    ("early_return", "if row < 0:\n                return\n"),
    ("reordered_update", "last = total\n            total += row\n"),
    ("lock_removed", "tags = []\n        self.items.append(item)\n        self.count += 1\n"),
    ("dropped_keyword_argument", "sorted(self.items)\n"),
    ("swapped_arguments", "self.lookup(region, name)"),
    ("wrong_initial_state", "self.count = 1\n"),
    ("wrong_initial_state", "self.idle = True\n"),
    ("inverted_stored_flag", "self.idle = bool(self.items)\n"),
])
def test_each_operator_plants_its_change(operator, expected):
    changed = found(operator)

    assert any(expected in text for text in changed), f"{operator}: no candidate contains {expected!r}"
    for text in changed:
        ast.parse(text)  # every candidate compiles


def test_every_registered_operator_is_exercised_by_the_sample():
    context = ModuleContext.parse("store.py", MODULE)
    assert {c.operator for c in candidates(context)} == set(OPERATORS)


def test_candidates_are_deterministic_and_unique():
    first = candidates(ModuleContext.parse("store.py", MODULE))
    second = candidates(ModuleContext.parse("store.py", MODULE))

    assert [c.key for c in first] == [c.key for c in second]
    assert len({c.key for c in first}) == len(first)
    assert all(c.function != "<module>" for c in first)


def test_patch_applies_and_reverts_exactly_with_non_ascii_text():
    source = MODULE.replace("import copy", "import copy  # café, naïve: columns are bytes in ast")
    context = ModuleContext.parse("store.py", source)
    for candidate in candidates(context):
        after = apply_edits(source, candidate.edits)
        patch = unified_patch("store.py", source, after)
        assert apply_patch(source, patch) == after
        assert apply_patch(after, patch, reverse=True) == source
        assert candidate.line in changed_lines(source, after, side="before")
        assert changed_lines(source, after)  # the lines a trace of the buggy version watches


def test_a_patch_over_other_text_is_refused():
    after = found("boundary_flip")[0]
    patch = unified_patch("store.py", MODULE, after)

    with pytest.raises(PatchError, match="hunk 1 does not apply"):
        apply_patch(MODULE.replace("if row < 0:", "if row < 1:"), patch)


def planted(operator: str, source: str) -> list[tuple[int, str]]:
    context = ModuleContext.parse("module.py", textwrap.dedent(source))
    return [(c.line, c.summary) for c in candidates(context, (operator,))]


def test_a_rebinding_that_nothing_reads_again_is_not_dropped():
    assert planted("dropped_rebinding", """\
        def tidy(self, text, items, total, n, value):
            text = text.strip()  # never read again
            value = yield value  # dropping a yield would change what the function is
            for item in items:
                items = items[1:]  # the loop's iterable was read once, before the loop
            head, rest = rest[0], rest[1:]  # `head` is bound here, not rebound
            row = [row for row in range(3) if row]  # the comprehension's `row` is its own
            total += n  # an augmented assignment is drop_state_update's
            self.count = self.count + 1  # an attribute: stored state
            return head, rest, total, row, value
        """) == []


def test_a_rebinding_that_shares_its_line_is_not_dropped():
    assert planted("dropped_rebinding", """\
        def tidy(text, flag):
            text = text.strip(); flag = not flag
            if flag: text = text.lower()
            return text, flag
        """) == []


def test_a_rebinding_in_a_loop_is_read_on_the_next_iteration():
    assert planted("dropped_rebinding", """\
        def root(node):
            while node.parent:
                node = node.parent
        """) == [(3, "dropped `node = node.parent`, so `node` keeps its old value")]


def test_a_local_first_set_inside_a_branch_is_no_peer():
    assert planted("wrong_variable", """\
        def pick(flag, first=None, second=None):
            count = 0
            other = 0
            if flag:
                limit = 0
            else:
                limit = 1
            return count + limit + other, first or second
        """) == [(8, "reads `other` where `count` was read"), (8, "reads `count` where `other` was read")]


def test_a_read_before_the_peers_first_assignment_is_not_swapped():
    assert planted("wrong_variable", """\
        def pair():
            first = ""
            print(first)
            second = ""
            return first + second
        """) == [(5, "reads `second` where `first` was read"), (5, "reads `first` where `second` was read")]
