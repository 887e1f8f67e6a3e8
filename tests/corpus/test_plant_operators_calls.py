"""The call operators edit a call's text and nothing else: a dropped keyword takes its comma (or its
whole line) with it and leaves every other argument, comment and line break as written; a swap exchanges
two arguments' texts."""

from __future__ import annotations

import ast
import textwrap

from corpus.plant.context import ModuleContext
from corpus.plant.edits import apply_edits
from corpus.plant.operators import candidates


def planted(body: str, operator: str, header: str = "") -> list[str]:
    """The function's body after each candidate of the operator, in candidate order."""
    source = header + "def run(a, b, options, log):\n" + textwrap.indent(textwrap.dedent(body), "    ")
    context = ModuleContext.parse("calls.py", source)
    after = [apply_edits(source, c.edits) for c in candidates(context, (operator,))]
    for text in after:
        ast.parse(text)  # every candidate compiles
    start = len(header) + len("def run(a, b, options, log):\n")
    return [textwrap.dedent(text[start:]) for text in after]


def without_keyword(source: str, name: str) -> str:
    """The module's tree with the named keyword taken out of its call: what a dropped keyword must parse to."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            node.keywords = [k for k in node.keywords if k.arg != name]
    return ast.dump(tree)


def test_a_keyword_first_in_the_middle_or_last_takes_one_comma_with_it():
    changed = planted('make(first=1, mid=a.m, last="z")\n', "dropped_keyword_argument")

    assert changed == ['make(mid=a.m, last="z")\n', 'make(first=1, last="z")\n', "make(first=1, mid=a.m)\n"]


def test_a_keyword_on_its_own_line_goes_with_its_line_and_comment():
    body = """\
        value = make(
            a,
            first=1,  # the first
            mid=a.m,
            last=(
                "z"
            ),
        )
        """
    changed = planted(body, "dropped_keyword_argument")

    lines = textwrap.dedent(body).splitlines(keepends=True)
    assert changed == ["".join(lines[:2] + lines[3:]), "".join(lines[:3] + lines[4:]), "".join(lines[:4] + lines[7:])]


def test_a_trailing_comma_stays_after_the_last_keyword_goes():
    assert planted("make(a, key=4,)\n", "dropped_keyword_argument") == ["make(a,)\n"]
    assert planted("make(key=4,)\n", "dropped_keyword_argument") == ["make()\n"]


def test_a_keyword_beside_a_line_break_keeps_the_break_and_the_comments():
    body = """\
        make(a, key=6,  # note
             other=7)
        make(a,  # note
             last=8)
        """
    changed = planted(body, "dropped_keyword_argument")

    assert changed == [
        "make(a,  # note\n     other=7)\nmake(a,  # note\n     last=8)\n",
        "make(a, key=6,  # note\n     )\nmake(a,  # note\n     last=8)\n",
        "make(a, key=6,  # note\n     other=7)\nmake(a,  # note\n     )\n",
    ]


def test_a_double_star_mapping_is_left_alone_and_kept_in_every_candidate():
    source = "def run(a, options):\n    make(a, **options, key=4, other=a.b)\n"
    context = ModuleContext.parse("calls.py", source)
    found = candidates(context, ("dropped_keyword_argument",))

    assert [apply_edits(source, c.edits).splitlines()[1] for c in found] == [
        "    make(a, **options, other=a.b)", "    make(a, **options, key=4)"]
    for candidate, name in zip(found, ("key", "other"), strict=True):
        assert ast.dump(ast.parse(apply_edits(source, candidate.edits))) == without_keyword(source, name)
    assert [c.summary for c in found] == ["`make(..., key=4, ...)` leaves out `key=4`",
                                          "`make(..., other=a.b)` leaves out `other=a.b`"]


def test_keywords_that_restate_a_default_feed_a_log_line_or_fill_a_template_are_skipped():
    body = """\
        make(a, timeout=None, strict=False, retries=3)
        log.warning("slow", exc_info=True)
        "{x}".format(x=a)
        """
    changed = planted(body, "dropped_keyword_argument")

    assert [text.splitlines()[0] for text in changed] == ["make(a, timeout=None, strict=False)"]


def test_a_callee_of_the_same_module_is_read_for_its_defaults():
    header = "def make(a, *, size, fill=0, strict=True):\n    return a\n\n\n"
    body = "make(a, size=2, fill=0, strict=False)\n"

    # `size` has no default (a TypeError at the call), `fill=0` restates it; `strict=False` changes it.
    assert planted(body, "dropped_keyword_argument", header) == ["make(a, size=2, fill=0)\n"]


def test_swapped_arguments_takes_each_adjacent_pair_of_plain_reads():
    body = """\
        make(a, b.c, a, f(b), 3)
        isinstance(a, b)
        make(a, a)
        """
    changed = planted(body, "swapped_arguments")

    assert [text.splitlines()[0] for text in changed] == ["make(b.c, a, a, f(b), 3)", "make(a, a, b.c, f(b), 3)"]
    assert all(text.splitlines()[1:] == ["isinstance(a, b)", "make(a, a)"] for text in changed)


def test_a_swap_names_the_call_and_not_a_template():
    source = "def run(self, a):\n    return '{} {}'.format(self.name, a)\n"
    found = candidates(ModuleContext.parse("calls.py", source), ("swapped_arguments",))

    assert [c.summary for c in found] == ["`str.format(self.name, a)` passes `a, self.name` in the other order"]


def test_a_swap_across_lines_keeps_the_layout():
    changed = planted("make(\n    a,  # first\n    b.c,\n)\n", "swapped_arguments")

    assert changed == ["make(\n    b.c,  # first\n    a,\n)\n"]
