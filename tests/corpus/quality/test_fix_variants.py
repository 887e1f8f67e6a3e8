"""Plausible wrong, partial and equivalent fixes generated from a bug's two versions (pure)."""

from __future__ import annotations

from corpus.quality.fix_variants import fixed_region, generate

BUGGY = '''\
def share(cents, used, days):
    rate = cents / days
    total = 0.0
    for _ in range(used):
        total += rate
    return int(total)


def label(values):
    return values[-1]
'''
CORRECT = '''\
def share(cents, used, days):
    return round(cents * used / days)


def label(values):
    return tuple(v for v in values if v)
'''


def by_kind(variants, kind):
    return {v.description: v for v in variants if v.kind == kind}


def test_the_fixed_region_is_the_lines_the_fix_changed_on_each_side():
    left, right = fixed_region(BUGGY, CORRECT)

    assert {2, 3, 4, 5, 6, 10} <= left and 1 not in left
    assert right == {2, 6}


def test_int_to_round_on_the_buggy_region_is_a_plausible_wrong_fix():
    wrong = by_kind(generate({"m.py": BUGGY}, {"m.py": CORRECT}), "wrong_fix")

    assert "int(...) -> round(...)" in wrong
    assert "return round(total)" in wrong["int(...) -> round(...)"].files["m.py"]
    assert not wrong["int(...) -> round(...)"].must_pass


def test_mutants_stay_inside_the_fixed_region_of_the_correct_version():
    mutants = generate({"m.py": BUGGY}, {"m.py": CORRECT})

    assert {v.line for v in mutants if v.kind == "mutant"} <= {2, 6}
    assert "round(...) -> int(...)" in by_kind(mutants, "mutant")


def test_a_tuple_built_by_the_fix_as_a_list_is_an_equivalent_that_must_pass():
    equivalents = by_kind(generate({"m.py": BUGGY}, {"m.py": CORRECT}), "equivalent")

    variant = equivalents["tuple((v for v in values if v)) built as a list"]
    assert variant.must_pass and "return list((v for v in values if v))" in variant.files["m.py"]


def test_each_hunk_of_a_two_hunk_fix_is_tried_alone_and_the_correct_code_is_never_a_variant():
    variants = generate({"m.py": BUGGY}, {"m.py": CORRECT})

    partial = [v for v in variants if v.kind == "partial"]
    assert len(partial) == 2
    assert all(v.files["m.py"] not in (BUGGY, CORRECT) for v in variants)


def test_independent_assignments_swapped_are_an_equivalent_but_dependent_ones_are_not():
    buggy = "def f(a, b):\n    x = a\n    y = b\n    z = x\n    return x + y + z\n"
    correct = "def f(a, b):\n    x = a + 1\n    y = b * 2\n    z = y - 1\n    return x + y + z\n"

    swaps = [v for v in generate({"m.py": buggy}, {"m.py": correct}) if "swapped" in v.description]

    assert [v.description for v in swaps] == ["independent assignments to x and y swapped"]
