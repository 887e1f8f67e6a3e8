"""The heldout guard refuses heldout names and heldout code, and lets the rest through; the corpus holds\nno near-duplicate pair."""

from __future__ import annotations

import pytest

from corpus.cli import leakage as leakage_cli
from corpus.format import TaskFormatError, load_task, load_tasks, task_dirs
from corpus.leakage import LeakageError, LeakageGuard, check_no_heldout, corpus_leaks
from corpus.mechanisms import load_mechanism_pairs
from corpus.similarity import THRESHOLD, code_tokens, similar_pairs
from corpus.splits import load_splits, write_splits
from tests.helpers.tasks import write_task

SECRET = '''\
class Ledger:
    def __init__(self, opening_balance):
        self.entries = [opening_balance]
        self.closed_periods = set()

    def post(self, amount, period):
        if period in self.closed_periods:
            raise ValueError("period closed")
        self.entries.append(amount)
'''


@pytest.fixture
def corpus(tmp_path):
    root, splits_file = tmp_path / "tasks", tmp_path / "splits.json"
    write_task(root, "secret_ledger", buggy={"ledger.py": SECRET}, correct={"ledger.py": SECRET + "\n"})
    write_task(root, "open_counter")
    write_splits({"secret_ledger": "heldout", "open_counter": "train"}, splits_file)
    return {"root": root, "splits_file": splits_file}


def test_a_heldout_task_name_is_refused_naming_the_task(corpus):
    with pytest.raises(LeakageError) as caught:
        check_no_heldout(names=["open_counter", "secret_ledger"], **corpus)

    assert caught.value.task == "secret_ledger"
    assert "assigned to the heldout split" in str(caught.value)


def test_heldout_code_inside_a_text_is_refused_even_reindented(corpus):
    reindented = "Here is the file:\n" + "\n".join("        " + line for line in SECRET.splitlines()[1:9])

    with pytest.raises(LeakageError, match=r"heldout task 'secret_ledger'.*consecutive lines of its buggy/ledger.py"):
        check_no_heldout(texts=["nothing here", reindented], **corpus)


def test_training_tasks_and_unrelated_text_pass(corpus):
    guard = LeakageGuard.from_corpus(**{"root": corpus["root"], "splits_file": corpus["splits_file"]})

    guard.check(names=["open_counter"], texts=["def total(values):\n    return sum(values)\n"])

    assert guard.heldout == frozenset({"secret_ledger"})


def test_a_renamed_copy_is_a_near_duplicate_and_an_unrelated_task_is_not(tmp_path):
    renamed = SECRET.replace("Ledger", "Journal").replace("entries", "lines").replace("closed_periods", "locked")
    write_task(tmp_path, "ledger", buggy={"ledger.py": SECRET}, correct={"ledger.py": SECRET + "\n"})
    write_task(tmp_path, "journal", buggy={"journal.py": renamed}, correct={"journal.py": renamed + "\n"})
    write_task(tmp_path, "counter")
    tasks = load_tasks(tmp_path)

    pairs = similar_pairs(tasks)

    assert [(p.first, p.second) for p in pairs if p.near_duplicate] == [("journal", "ledger")]
    assert pairs[0].similarity == 1.0 and pairs[-1].similarity < THRESHOLD
    assert code_tokens("total = values[0]  # first\n") == ["N", "=", "N", "[", "0", "]"]


def test_leakage_command_names_near_duplicates_and_lists_the_most_similar(tmp_path, capsys):
    root = tmp_path / "tasks"
    write_task(root, "ledger", buggy={"ledger.py": SECRET}, correct={"ledger.py": SECRET + "\n"})
    write_task(root, "ledger_copy", buggy={"ledger.py": SECRET}, correct={"ledger.py": SECRET + "\n"},
               tests={"test_ledger.py": "from ledger import Ledger\n\n\ndef test_open():\n"
                                        "    assert Ledger(5).entries == [5]\n"})
    write_task(root, "counter")
    write_splits({"ledger": "train", "ledger_copy": "heldout", "counter": "train"}, tmp_path / "splits.json")

    code = leakage_cli.main(["--root", str(root), "--splits", str(tmp_path / "splits.json"), "--top", "2"])

    out = capsys.readouterr().out
    assert code == 1
    assert "COPY  ledger: heldout task 'ledger_copy' must not enter training" in out
    assert "NEAR  ledger ~ ledger_copy: similarity 1.00 >= 0.30" in out
    assert "  1.000  ledger ~ ledger_copy" in out
    assert "3 tasks: 1 copying heldout code, 1 near-duplicate pairs, 0 same-mechanism pairs" in out


@pytest.mark.slow
def test_the_corpus_has_no_heldout_copies_no_near_duplicates_and_no_sibling_across_heldout():
    tasks = []
    for folder in task_dirs():
        try:
            tasks.append(load_task(folder))
        except TaskFormatError:
            continue  # a task still being written; the validator reports it

    report = corpus_leaks(tasks, LeakageGuard.from_corpus(), mechanism_pairs=load_mechanism_pairs(),
                          splits=load_splits())

    assert report.copies == []
    assert report.near_duplicates == []
    assert report.split_siblings == []
