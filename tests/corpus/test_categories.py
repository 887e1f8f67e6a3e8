"""One vocabulary of task categories (corpus/categories.py): the task loader refuses a category outside it
naming the allowed ones, the operator registry refuses an operator declaring one, and the other places that
name categories (the mechanism families; the seed importer, tests/corpus/test_import_seed.py) are held to it."""

from __future__ import annotations

import json

import pytest

from corpus.categories import CATEGORIES, REAL_BUG, UnknownCategory
from corpus.format import TaskFormatError, load_task
from corpus.plant.operators import OPERATORS, operator
from corpus.quality.summary import load_families
from tests.helpers.tasks import write_task


def test_a_task_whose_category_is_not_in_the_vocabulary_is_refused_naming_the_allowed_ones(tmp_path):
    folder = write_task(tmp_path, category="stale_cache")

    with pytest.raises(TaskFormatError) as failure:
        load_task(folder)

    assert failure.value.field == "category"
    assert failure.value.reason.startswith("'stale_cache' is not a task category; use one of aliasing, asyncio,")
    assert "caching" in failure.value.reason and "corpus/categories.py" in failure.value.reason
    assert load_task(write_task(tmp_path, category="caching")).category == "caching"


def test_a_category_of_another_type_is_refused_as_before(tmp_path):
    with pytest.raises(TaskFormatError, match="expected str, got list"):
        load_task(write_task(tmp_path, category=["caching"]))


def test_an_operator_declaring_a_category_outside_the_vocabulary_is_refused_when_it_registers():
    def find(context):
        return iter(())

    with pytest.raises(ValueError, match="operator 'cache_key_typo' declares category 'stale_cache': 'stale_cache' "
                                         "is not a task category; use one of aliasing"):
        operator("cache_key_typo", "a cache key", category="stale_cache")(find)
    with pytest.raises(ValueError, match="'real-bug' is for real bugs, not planted ones"):
        operator("planted_real", "a real bug", category=REAL_BUG)(find)

    assert "cache_key_typo" not in OPERATORS and "planted_real" not in OPERATORS


def test_every_operator_declares_the_category_a_hand_written_task_of_its_kind_carries():
    declared = {name: op.category for name, op in OPERATORS.items()}

    assert {name: declared[name] for name in ("cache_key_drops_argument", "reordered_update", "lock_removed",
                                              "accumulated_index_off_by_one", "boundary_flip", "early_return",
                                              "swallowed_exception")} == {
        "cache_key_drops_argument": "caching", "reordered_update": "ordering_mutation", "lock_removed": "locks",
        "accumulated_index_off_by_one": "off_by_one", "boundary_flip": "off_by_one", "early_return": "control_flow",
        "swallowed_exception": "error_handling"}
    assert set(declared.values()) <= set(CATEGORIES) - {REAL_BUG}
    assert all(CATEGORIES[c].strip() for c in CATEGORIES)  # each with its meaning


def test_a_mechanism_family_naming_an_unknown_category_is_refused(tmp_path):
    path = tmp_path / "families.json"
    path.write_text(json.dumps({"version": "families/1", "families": [
        {"mechanism": "float_drift", "category": ["float_drift", "floats"], "max_recommended": 3}]}))

    with pytest.raises(UnknownCategory, match="'floats' is not a task category"):
        load_families(path)
    assert load_families()["families"]  # the shipped one names known categories

