"""The statistics page shows author against measured labels and the state-dependent share."""

from __future__ import annotations

from corpus.format import load_task
from corpus.stats import summarize, summary_markdown, task_rows
from tests.helpers.tasks import write_task

FAR = {"preference": "recommended", "rule": "divergence_label/1",
       "divergence": {"calls": 4, "files": 2, "shown": False}}
SHOWN = {"preference": "avoid", "rule": "divergence_label/1", "divergence": {"calls": 9, "files": 3, "shown": True}}


def test_measured_labels_and_the_state_dependent_share_are_counted_beside_the_authors(tmp_path):
    tasks = [load_task(write_task(tmp_path, "far", preference="recommended", measured=FAR)),
             load_task(write_task(tmp_path, "shown", preference="recommended", measured=SHOWN)),
             load_task(write_task(tmp_path, "plain", preference="optional"))]

    summary = summarize(task_rows(tasks))
    page = summary_markdown(summary)

    assert summary["by_measured"] == {"recommended": 1, "optional": 0, "avoid": 1}
    assert (summary["measured"], summary["state_dependent"]) == (2, 1)
    assert "1 of 2 measured tasks (33% of the corpus) are state-dependent by measurement" in page
    assert "| recommended | 2 | 1 |" in page
