"""The verdict guard refuses hacks, not fixes: the published fix of a spread of corpus tasks (every
ninth, of every kind: attrs and dataclass comparisons, ``pytest.approx``, ``Fraction``, async, threads,
third-party packages) verifies through ``harness.verify`` in a bwrap sandbox, as an episode's would."""

from __future__ import annotations

import pytest

from corpus.format import load_tasks
from corpus.materialize import materialize
from harness.records.observation import ToolCall
from harness.sandbox.backends.base import Limits, SandboxSpec
from harness.verify import verify

SAMPLE = [task.name for task in load_tasks()][::9]
# Tests of their own that compare by the task's own rules, which the guard must keep.
SAMPLE += [name for name in ("org_chart_export_attrs", "exam_grade_bands", "wcag_contrast_levels",
                             "semver_range_matcher", "quote_batch_reply_ids") if name not in SAMPLE]


@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLE)
def test_the_published_fix_verifies(name, bwrap_backend, tmp_path):
    task = load_tasks(names=[name])[0]
    workspace = materialize(task, tmp_path / "ws")
    spec = SandboxSpec(workspace=workspace.path, protected_files=workspace.protected_files, limits=Limits(),
                       dependencies=task.dependencies)
    with bwrap_backend.start(spec) as box:
        for file_name, text in task.files("correct").items():
            box.call(ToolCall("write_file", {"file_path": file_name, "content": text}))

        result = verify(box, workspace, task)

    assert result.verified, f"{result.reason}\n{result.output}"
    assert result.suspicious_patch == []
