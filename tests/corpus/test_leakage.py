"""The heldout guard refuses heldout names and heldout code, and lets the rest through."""

from __future__ import annotations

import pytest

from corpus.leakage import LeakageError, LeakageGuard, check_no_heldout
from corpus.splits import write_splits
from tests.corpus.taskfactory import write_task

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


def test_no_training_task_in_the_corpus_copies_heldout_code():
    from corpus.format import TaskFormatError, load_task, task_dirs
    from corpus.splits import load_splits

    guard, splits = LeakageGuard.from_corpus(), load_splits()
    leaks = []
    for folder in task_dirs():
        if splits.get(folder.name) == "heldout":
            continue
        try:
            task = load_task(folder)
        except TaskFormatError:
            continue  # a task still being written; the validator reports it
        texts = [text for kind in ("buggy", "correct", "shared", "tests") for text in task.files(kind).values()]
        try:
            guard.check(names=[task.name], texts=texts)
        except LeakageError as exc:
            leaks.append(f"{task.name}: {exc}")

    assert leaks == []
