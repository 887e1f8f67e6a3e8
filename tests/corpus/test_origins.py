"""``corpus stats`` counts tasks by origin — hand-written, real, generated — and generated ones by
operator, from the tasks' own meta.json."""

from __future__ import annotations

import json

from corpus.format import load_task, load_tasks, task_dirs
from corpus.origins import count_origins, origin_of, origins_markdown
from corpus.repository.corpus_root import REAL_TASKS_DIR


def generated_task(root, name, operator, preference, measured=True):
    folder = root / "tasks" / name
    folder.mkdir(parents=True)
    (root / "sources" / "lib-1").mkdir(parents=True, exist_ok=True)
    meta = {"name": name, "category": "state_corruption", "preference": preference, "description": "tests fail",
            "generator": {"name": "stepwise.plant", "operator": operator, "file": "lib.py"},
            "repo": {"name": "lib", "version": "sha256:1", "snapshot": "../../sources/lib-1"},
            "environment": {"python": "3.11", "requirements": ["pytest==9.2.0"]},
            "tests": {"fail_to_pass": ["tests/test_lib.py::test_a"], "pass_to_pass": [], "files": ["tests/test_lib.py"]}}
    if measured:
        meta["measured"] = {"preference": preference, "rule": "divergence_label/2"}
    (folder / "meta.json").write_text(json.dumps(meta))
    return folder


def test_tasks_are_counted_by_origin_and_measured_label_and_generated_ones_by_operator(tmp_path):
    hand = load_tasks()[:5]
    real = [load_task(folder) for folder in task_dirs(REAL_TASKS_DIR)][:1]
    generated = [load_task(generated_task(tmp_path, "lib__f__boundary_flip__1", "boundary_flip", "avoid")),
                 load_task(generated_task(tmp_path, "lib__g__missing_copy__2", "missing_copy", "recommended")),
                 load_task(generated_task(tmp_path, "lib__h__missing_copy__3", "missing_copy", "recommended", measured=False))]

    assert [origin_of(t) for t in (hand[0], real[0], generated[0])] == ["hand-written", "real", "generated"]
    counts = count_origins([*hand, *real, *generated])

    assert counts["by_origin"]["hand-written"]["total"] == 5
    # Real bugs are imported as "recommended", which no measurement said: they count as unmeasured.
    assert counts["by_origin"]["real"] == {"recommended": 0, "optional": 0, "avoid": 0, "unmeasured": 1, "total": 1}
    assert counts["by_origin"]["generated"] == {"recommended": 1, "optional": 0, "avoid": 1, "unmeasured": 1, "total": 3}
    assert counts["generated_by_operator"]["missing_copy"] == {"recommended": 1, "optional": 0, "avoid": 0, "unmeasured": 1}
    assert "| generated | 3 | 1 | 0 | 1 | 1 |" in origins_markdown(counts)
    assert "| `missing_copy` | 2 | 1 | 0 | 0 | 1 |" in origins_markdown(counts)
