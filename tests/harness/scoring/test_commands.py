"""Reading a bash command: which files it read or dumped whole, probes, test runs and their outcome,
and changes made through the shell."""

from __future__ import annotations

import pytest

from harness.records.shell import ShellRecord
from harness.scoring.commands import read_bash as read_with_record

KNOWN = {"stats_window.py", "report.py", "test_report.py"}


def read_bash(command: str, answer: str, known: set[str]):
    """Classify a call whose answer was ``answer`` (its ShellRecord read from that text, as a step
    recorded before steps carried one is; tests/harness/test_shell_record.py holds the
    record the shell tool itself writes to the same reading)."""
    return read_with_record(command, ShellRecord.from_text(answer), known)


@pytest.mark.parametrize("command, reads, dumps", [
    ("sed -n '1,80p' stats_window.py", {"stats_window.py"}, set()),
    ("cat stats_window.py", {"stats_window.py"}, {"stats_window.py"}),
    ("cat stats_window.py | head -40", {"stats_window.py"}, set()),
    ("nl -ba ./report.py | sed -n '5,30p'", {"report.py"}, set()),
    ("head -n 500 report.py", {"report.py"}, {"report.py"}),
    ("head -n 40 report.py && tail -5 /workspace/stats_window.py", {"report.py", "stats_window.py"}, set()),
    ("grep -n 'pop' stats_window.py report.py", {"stats_window.py", "report.py"}, set()),
    ("cat *.py", {"stats_window.py", "report.py", "test_report.py"}, {"stats_window.py", "report.py", "test_report.py"}),
    ("sed -n p report.py", {"report.py"}, {"report.py"}),
    ("python -c \"print(open('report.py').read())\"", {"report.py"}, {"report.py"}),
    ("wc -l -c stats_window.py report.py", set(), set()),
    ("ls && echo report.py", set(), set()),
])
def test_reads_and_whole_file_dumps(command, reads, dumps):
    reading = read_bash(command, "...", KNOWN)
    assert (reading.reads, reading.dumps) == (reads, dumps)


def test_metadata_probes():
    assert read_bash("wc -l -c stats_window.py && sha1sum stats_window.py", "", KNOWN).metadata_probe
    assert read_bash("grep -n pop stats_window.py", "", KNOWN).metadata_probe
    assert not read_bash("sed -n '1,9p' stats_window.py", "", KNOWN).metadata_probe


@pytest.mark.parametrize("command, output, run, passed", [
    ("python -m pytest -q", "....\n4 passed in 0.21s", True, True),
    ("cd /workspace && timeout 60 pytest -x test_report.py", "1 passed, 1 warning in 0.1s", True, True),
    ("python -m pytest -q", "F.\n1 failed, 1 passed in 0.2s\n[exit code 1]", True, False),
    ("python -m pytest -q", "\nno tests ran in 0.01s\n[exit code 5]", True, False),
    ("python -m pytest -q 2>&1 | tail -3", "ERROR test_report.py - ImportError\n1 error in 0.1s", True, False),
    ("python -m unittest", "..\n----\nRan 2 tests in 0.001s\n\nOK", True, True),
    ("grep -n pytest report.py", "", False, False),
])
def test_test_runs_and_whether_they_passed(command, output, run, passed):
    reading = read_bash(command, output, KNOWN)
    assert (reading.test_run, reading.tests_passed) == (run, passed)


@pytest.mark.parametrize("command, output, edits", [
    ("sed -i 's/pop()/pop(0)/' stats_window.py", "", {"stats_window.py"}),
    ("sed -i 's/pop()/pop(0)/' stats_window.py", "sed: can't read\n[exit code 2]", set()),
    ("printf 'x = 1\\n' > report.py", "", {"report.py"}),
    ("echo hi >> notes.txt 2>/dev/null", "", {"notes.txt"}),
    ("python -m pytest -q > /dev/null 2>&1", "", set()),
    ("perl -pi -e 's/a/b/' report.py", "", {"report.py"}),
    ("python -c \"open('report.py', 'w').write('')\"", "", {"report.py"}),
    ("cat report.py | tee copy.py", "", {"copy.py"}),
])
def test_changes_made_through_the_shell(command, output, edits):
    assert read_bash(command, output, KNOWN).edits == edits


def test_an_unbalanced_quote_is_read_word_by_word():
    reading = read_bash("sed -n '1,80p report.py", "", KNOWN)
    assert reading.reads == {"report.py"}


def test_a_bash_step_without_a_record_reads_as_a_command_that_exited_0_with_no_test_summary():
    reading = read_with_record("python -m pytest -q && sed -i 's/a/b/' report.py", None, KNOWN)
    assert (reading.test_run, reading.tests_passed, reading.edits) == (True, False, {"report.py"})
