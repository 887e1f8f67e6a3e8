"""Values travel as records from the in-process debugger: a repr that spans several lines is one value,
and scoring (edit relevance) reads the whole of it."""

from __future__ import annotations

from harness.scoring import TaskMeta, score_trajectory
from harness.scoring.task_meta import EvidenceHint
from harness.session import DebugSession
from tests.harness.scoring.builders import REPORT, STATS, TESTS, Trajectory

# The task's class with a repr over three lines (appended: the lines above keep their numbers).
STATS_MULTI_LINE = STATS + (
    "\n    def __repr__(self):\n"
    "        return f'RunningAverage(\\n  window={self.window},\\n  values={self.values}\\n)'\n")
FILES = {"stats_window.py": STATS_MULTI_LINE, "report.py": REPORT, "test_report.py": TESTS}


def test_a_local_whose_repr_spans_several_lines_is_one_value_and_edit_relevance_links_it(tmp_path):
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with DebugSession(tmp_path, protected_files=["test_report.py"]) as session:
        session.call("start_debugger", {"file": "test_report.py"})
        session.call("add_breakpoint", {"file": "stats_window.py", "line": 11})
        hit = session.call("continue_execution")
        shown = session.call("examine_locals")

    assert hit.position == ("stats_window.py", 11), hit.text
    values = dict(shown.debugger.values)
    assert values["self"] == "RunningAverage(\n  window=2,\n  values=[1, 2, 6]\n)"  # was: "RunningAverage("
    assert values["value"] == "6" and len(shown.debugger.values) == 2

    trajectory = Trajectory()
    trajectory.read().start().breakpoint("stats_window.py", 11).hit("stats_window.py", 11, "add")
    trajectory.step("examine_locals", {}, shown.text)
    trajectory.steps[-1]["debugger"] = shown.debugger.to_json()
    trajectory.edit().pytest().done()
    evidence = EvidenceHint("stats_window.py", 11, "self", "values=[1, 2, 6]")
    meta = TaskMeta(name="window_average", preference="recommended", evidence=(evidence,), files=FILES,
                    test_files=frozenset({"test_report.py"}))
    links = [(link.turn, link.criterion) for edit in score_trajectory(trajectory.doc(), meta).edit_relevance.edits
             for link in edit.links]
    assert links == [(5, 2)]  # the examine_locals turn, by the value on the repr's second line
