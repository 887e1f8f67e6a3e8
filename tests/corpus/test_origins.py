"""``corpus stats`` counts tasks by origin — hand-written, real, generated — and generated ones by
project and operator, from the tasks' own meta.json, with the reject reasons of the runs that made them."""

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


def test_generated_tasks_are_counted_by_project_and_their_runs_reject_reasons_summed(tmp_path):
    generated = [load_task(generated_task(tmp_path, "lib__f__boundary_flip__1", "boundary_flip", "avoid")),
                 load_task(generated_task(tmp_path, "lib__g__missing_copy__2", "missing_copy", "recommended"))]
    runs = [{"decided": 10, "kept": 2, "rejected": {"no_effect": 5, "timeout": 3}},
            {"decided": 4, "kept": 1, "rejected": {"no_effect": 2, "killed": 1}}]

    counts = count_origins(generated, runs)

    assert counts["generated_by_project"] == {"lib": {"recommended": 1, "optional": 0, "avoid": 1, "unmeasured": 0}}
    assert counts["generation_runs"] == {"runs": 2, "decided": 14, "kept": 3,
                                         "rejected": {"no_effect": 7, "timeout": 3, "killed": 1}}
    page = origins_markdown(counts)
    assert "| lib | 2 | 1 | 0 | 1 | 0 |" in page
    assert "The 2 generation runs that made them decided 14 candidates and kept 3" in page
    assert "| `no_effect` | 7 |" in page and "| `killed` | 1 |" in page
    assert "generation runs" not in origins_markdown(count_origins(generated))  # no records, no paragraph
