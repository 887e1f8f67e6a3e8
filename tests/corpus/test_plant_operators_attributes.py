"""The attribute operators change a value that one method stores on the object and another reads: a
starting literal in ``__init__`` (a number one more, the other bool) and a flag a method stores inverted.
They leave alone what no other method reads, what ``__init__`` sets again, and values that are no literal
number or bool, or no sure bool."""

from __future__ import annotations

import ast
import textwrap

from corpus.plant.context import ModuleContext
from corpus.plant.edits import apply_edits, changed_text
from corpus.plant.operators import candidates


def planted(operator: str, source: str) -> list[tuple[str, list[str], str]]:
    """Each candidate's function, the lines it changes (as they read after it) and its summary."""
    source = textwrap.dedent(source)
    found = []
    for candidate in candidates(ModuleContext.parse("module.py", source), (operator,)):
        after = apply_edits(source, candidate.edits)
        ast.parse(after)  # every candidate compiles
        found.append((candidate.function, [line.strip() for line in changed_text(source, after)[1]], candidate.summary))
    return found


def test_a_starting_number_is_one_more_and_a_starting_bool_the_other():
    assert planted("wrong_initial_state", """\
        class Meter:
            def __init__(self, unit):
                self.count = 0
                self.floor: int = -1
                self.rate = 0.5
                self.closed = False  # a comment stays
                if unit:
                    self.step = 2

            def tick(self):
                self.count += 1
                return self.floor, self.rate * self.step, self.closed
        """) == [
        ("Meter.__init__", ["self.count = 1"], "`self.count` starts as `1` instead of `0`"),
        ("Meter.__init__", ["self.floor: int = 0"], "`self.floor` starts as `0` instead of `-1`"),
        ("Meter.__init__", ["self.rate = 1.5"], "`self.rate` starts as `1.5` instead of `0.5`"),
        ("Meter.__init__", ["self.closed = True  # a comment stays"], "`self.closed` starts as `True` instead of `False`"),
        ("Meter.__init__", ["self.step = 3"], "`self.step` starts as `3` instead of `2`"),
    ]


def test_a_starting_value_no_other_method_reads_or_that_init_sets_again_is_left_alone():
    assert planted("wrong_initial_state", """\
        class Meter:
            def __init__(self, other, size):
                self.name = "m"  # strings, None and containers have no one plausible wrong value
                self.last = None
                self.seen = []
                self.size = 0
                self.size = size  # set again: the first value never shows
                self.unread = 0  # no other method reads it
                self.early = 0  # read only in __init__ itself
                print(self.early)
                other.count = 0  # another object's attribute
                self.low = self.high = 0  # two targets
                self.written = 0  # other methods only write it

                def later():
                    self.hidden = 0  # a nested function's, not __init__'s own
                later()

            def use(self):
                self.written = 5
                return self.name, self.last, self.seen, self.size, self.low, self.high, self.hidden

            @staticmethod
            def helper(self):
                return self.unread  # a static method's `self` is no instance
        """) == []


def test_a_class_without_init_or_one_whose_init_has_no_instance_gives_none():
    assert planted("wrong_initial_state", """\
        class Plain:
            count = 0

            def use(self):
                return self.count


        class Odd:
            @staticmethod
            def __init__():
                pass
        """) == []


def test_a_stored_flag_is_inverted_as_a_slip_would_write_it():
    assert planted("inverted_stored_flag", """\
        class Job:
            def finish(self, code, value):
                self.done = True
                self.failed = code != 0 and not self.done
                self.quiet = not (code > 3)
                self.empty = not self.queue
                self.typed = isinstance(value, int)
                self.spread = (code < 0 or
                               code > 9)

            def report(self):
                return self.done, self.failed, self.quiet, self.empty, self.typed, self.spread
        """) == [
        ("Job.finish", ["self.done = False"], "`self.done` stores `True` inverted"),
        ("Job.finish", ["self.failed = not (code != 0 and not self.done)"],
         "`self.failed` stores `code != 0 and not self.done` inverted"),
        ("Job.finish", ["self.quiet = code > 3"], "`self.quiet` stores `not (code > 3)` inverted"),
        ("Job.finish", ["self.empty = bool(self.queue)"], "`self.empty` stores `not self.queue` inverted"),
        ("Job.finish", ["self.typed = not (isinstance(value, int))"],
         "`self.typed` stores `isinstance(value, int)` inverted"),
        ("Job.finish", ["self.spread = (not (code < 0 or", "code > 9))"],
         "`self.spread` stores `code < 0 or code > 9` inverted"),
    ]


def test_a_not_over_lines_keeps_its_operand_parenthesised():
    assert planted("inverted_stored_flag", """\
        class Job:
            def finish(self, a, b):
                self.idle = not (a == 1 or
                                 b == 2)

            def report(self):
                return self.idle
        """) == [("Job.finish", ["self.idle = (a == 1 or"],  # the next line, `b == 2)`, as it was
                  "`self.idle` stores `not (a == 1 or b == 2)` inverted")]


def test_a_flag_set_in_init_read_by_no_other_method_or_of_no_sure_bool_is_left_alone():
    assert planted("inverted_stored_flag", """\
        class Job:
            def __init__(self):
                self.done = False  # wrong_initial_state's

            def finish(self, code, items):
                self.ok = code == 0  # read by no other method
                self.first = items and items[0]  # `and` of values, not of bools
                self.flag = code  # a name: its type is not known here
                self.count = len(items) > 0  # read only by __init__, which ran before
                self.seen = self.seen or code > 1  # read only by the method that writes it
                return self.ok

            def report(self):
                return self.done, self.first, self.flag

            @classmethod
            def build(cls):
                cls.ready = True  # a class method's `cls` is no instance
        """) == []
