"""Pairs judged to share a mechanism: same-mechanism siblings share a split, and the leakage check
refuses one split across heldout and the rest."""

from __future__ import annotations

import json

import pytest

from corpus.cli import split as split_cli
from corpus.format import task_dirs
from corpus.leakage import split_siblings
from corpus.mechanisms import (
    MechanismPair,
    MechanismsError,
    load_mechanism_pairs,
    mechanisms_markdown,
    same_split_groups,
)
from corpus.splits import assign, load_splits, write_splits
from tests.helpers.tasks import write_task


def pair(first, second, verdict="same"):
    return MechanismPair(first, second, verdict, "a cache key without the tenant", "x")


def test_same_pairs_join_into_groups_and_related_pairs_do_not():
    pairs = [pair("a", "b"), pair("b", "c"), pair("d", "e", "related"), pair("f", "g")]

    assert same_split_groups(pairs) == [{"a", "b", "c"}, {"f", "g"}]


def test_a_new_task_joins_the_split_of_its_same_mechanism_sibling():
    names = ["old_heldout", "new_sibling", *[f"other_{i}" for i in range(40)]]

    update = assign(names, {"old_heldout": "heldout"}, together=[{"old_heldout", "new_sibling"}])

    assert update.added["new_sibling"] == "heldout"
    assert update.assignments["old_heldout"] == "heldout"


@pytest.mark.parametrize("placed", [{"m_train": "train", "m_heldout": "heldout"},
                                    {"m_validation": "validation", "m_train": "train"},
                                    {"m_validation": "validation", "m_heldout": "heldout"}])
def test_a_new_task_whose_group_spans_splits_joins_the_highest_heldout_first(placed):
    # A group already split across the line (assigned before the pair was judged) must not pull the new
    # member down to its lowest split: heldout first, then validation, then train.
    group = {*placed, "m_new"}
    highest = max(placed.values(), key=("train", "validation", "heldout").index)

    update = assign([*group, *[f"other_{i}" for i in range(40)]], dict(placed), together=[group])

    assert update.added["m_new"] == highest
    assert {name: update.assignments[name] for name in placed} == placed  # the old ones never move


def test_two_new_members_of_one_group_land_in_one_split():
    group = {"pair_a", "pair_b"}

    update = assign(["pair_a", "pair_b", *[f"other_{i}" for i in range(40)]], {}, together=[group])

    assert update.added["pair_a"] == update.added["pair_b"]


def test_split_command_reads_the_mechanisms_file(tmp_path, capsys):
    root, splits_file, mechanisms = tmp_path / "tasks", tmp_path / "splits.json", tmp_path / "mechanisms.json"
    for name in ("cache_a", "cache_b"):
        write_task(root, name)
    write_splits({"cache_a": "validation"}, splits_file)
    mechanisms.write_text(json.dumps({"pairs": [{"tasks": ["cache_a", "cache_b"], "verdict": "same",
                                                 "mechanism": "m", "note": "n"}]}))

    code = split_cli.main(["--root", str(root), "--file", str(splits_file), "--mechanisms", str(mechanisms)])

    assert code == 0
    assert load_splits(splits_file) == {"cache_a": "validation", "cache_b": "validation"}
    assert "new    cache_b -> validation" in capsys.readouterr().out


def test_a_same_pair_across_the_heldout_line_is_a_leak_and_a_related_one_is_not():
    splits = {"a": "heldout", "b": "train", "c": "heldout", "d": "validation"}

    leaks = split_siblings([pair("a", "b"), pair("c", "d", "related")], splits)

    assert leaks == ["a (heldout) ~ b (train) share a mechanism (a cache key without the tenant); one of them must "
                     "move out of the corpus or both into one split"]


@pytest.mark.parametrize(("doc", "message"), [
    ({"pairs": [{"tasks": ["a"], "verdict": "same", "mechanism": "m", "note": "n"}]}, r"pairs\[0\].tasks"),
    ({"pairs": [{"tasks": ["a", "b"], "verdict": "twin", "mechanism": "m", "note": "n"}]},
     r"pairs\[0\].verdict: 'twin' is not one of same, related"),
    ({"pairs": [{"tasks": ["a", "b"], "verdict": "same", "mechanism": " ", "note": "n"}]}, r"pairs\[0\].mechanism"),
    ({"pair": []}, "expected"),
])
def test_a_malformed_mechanisms_file_names_the_entry(tmp_path, doc, message):
    path = tmp_path / "mechanisms.json"
    path.write_text(json.dumps(doc))

    with pytest.raises(MechanismsError, match=message):
        load_mechanism_pairs(path)


def test_the_committed_pairs_name_tasks_of_the_corpus_and_render_as_a_table():
    pairs = load_mechanism_pairs()
    known = {folder.name for folder in task_dirs()} | set(load_splits())

    assert pairs, "corpus/mechanisms.json holds the judged pairs"
    assert {name for p in pairs for name in (p.first, p.second)} <= known
    assert mechanisms_markdown(pairs).count("\n| ") == len(pairs) + 2  # header, rule, a row per pair
