"""Generation-only guidance: the teacher is told the task's label, its recorded evidence and where to
stop, but no saved file and no exported row holds any of it, even when the teacher repeats it."""

from __future__ import annotations

import json

import pytest

from corpus.format import resolve_task
from harness.policies.script import ScriptPolicy
from training.datagen.guidance import CLOSE, OPEN, guidance_for
from training.datagen.teachers import Teacher
from training.export import ExportConfig, export_sft
from training.rollouts import RolloutConfig, run_rollouts

TASK = "bulk_upload_batches"


class WatchedScript(ScriptPolicy):
    """A real scripted policy that also keeps every conversation it was shown."""

    shown: list[list[dict]] = []

    def act(self, messages, tools):
        WatchedScript.shown.append([dict(m) for m in messages])
        return super().act(messages, tools)


def reply(text: str, name: str, **arguments) -> dict:
    """A raw model reply: prose, then the call in the <tool_call> text format."""
    return {"content": f"{text}\n<tool_call>\n{json.dumps({'name': name, 'arguments': arguments})}\n</tool_call>"}


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)


def scripts(tmp_path, why: str):
    fix = {"file_path": "batching.py",
           "old_string": "        batch = itertools.islice(iterator, size)\n        try:\n            first = next(batch)\n"
                         "        except StopIteration:\n            return\n        yield itertools.chain([first], batch)",
           "new_string": "        batch = list(itertools.islice(iterator, size))\n        if not batch:\n            return\n"
                         "        yield batch"}
    echoing = [  # repeats the hint in its prose: scrubbed, then kept
        reply(f"Why it matters: {why}\nI will read the batching code first.", "bash", command="sed -n '1,20p' batching.py"),
        reply(f"{OPEN}the plan is lazy{CLOSE} Now the tests under the debugger.", "start_debugger", file="test_upload.py"),
        reply("Inspect near the failure: a breakpoint at uploader.py:32 is a good first stop.",
              "add_breakpoint", file="uploader.py", line=32),
        {"name": "continue_execution", "arguments": {}},
        {"name": "print_variable", "arguments": {"name": "(len(plan), type(plan[0]).__name__)"}},
        {"name": "edit_file", "arguments": fix},
        {"name": "bash", "arguments": {"command": "python -m pytest -q"}},
    ]
    leaking = [  # puts the hint into a tool call, where it cannot be scrubbed: refused
        {"name": "bash", "arguments": {"command": f"echo '{why}' && sed -n '1,20p' batching.py"}},
        *echoing[1:],
    ]
    paths = []
    for name, calls in (("leaking", leaking), ("echoing", echoing)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps({"tool_calls": calls}), encoding="utf-8")
        paths.append(path)
    return paths


@pytest.mark.slow
def test_no_guidance_text_reaches_the_saved_files_or_the_export(tmp_path):
    task = resolve_task(TASK)
    guidance = guidance_for(task)
    why = task.evidence[0].why
    leaking, echoing = scripts(tmp_path, why)
    WatchedScript.shown = []
    teachers = [Teacher(f"script:{path}", factory=lambda path=path: WatchedScript(path)) for path in (leaking, echoing)]
    out = tmp_path / "rollouts"
    result = run_rollouts(RolloutConfig(teachers=teachers, out=out, tasks=[TASK], best_of=2, workers=1,
                                        progress_bar=False))

    # The teacher did read the guidance: label, evidence, where to stop.
    system = WatchedScript.shown[0][0]["content"]
    assert OPEN in system and why in system and "labelled 'recommended'" in system
    assert "a breakpoint at uploader.py:32 is a good first stop" in system
    # The candidate that wrote the hint into a tool call is refused; the one that only said it is kept.
    outcome = json.loads((out / "outcomes" / f"{TASK}.json").read_text())
    first, second = outcome["candidates"]
    assert "guidance_leak" in first["reasons"] and second["passed"] is True
    assert result.summary.kept == 1 and outcome["kept_attempt"] == 2

    kept = json.loads((out / "accepted" / f"{TASK}.json").read_text())
    prose = [m["content"] for m in kept["messages"] if m["role"] == "assistant" and m.get("content")]
    assert any("I will read the batching code first." in text for text in prose)  # the teacher's own words stay
    assert any("Now the tests under the debugger." in text for text in prose)
    assert kept["messages"][0]["content"].startswith("You are a careful Python engineer")
    # Nothing saved anywhere in the folder holds a guidance sentence, the evidence's explanation or a marker.
    saved = [path for path in out.rglob("*") if path.is_file()]
    assert len(saved) >= 6
    for path in saved:
        texts = list(strings(json.loads(path.read_text()))) if path.suffix == ".json" else [path.read_text()]
        for text in texts:
            flat = " ".join(text.split())
            assert not [s for s in guidance.secrets if s in flat], path
            assert OPEN not in text and CLOSE not in text and why[:60] not in flat, path

    # ... nor the exported rows.
    exported = export_sft(ExportConfig(sources=[out], out=tmp_path / "sft"))
    assert exported.rows == {"train": 1, "validation": 0}
    row = json.loads((tmp_path / "sft" / "train.jsonl").read_text())
    assert row["task"] == TASK and row["source"] == "rollout"
    for text in strings(row):
        flat = " ".join(text.split())
        assert not [s for s in guidance.secrets if s in flat] and OPEN not in text and why[:60] not in flat
    assert row["messages"][0] == kept["messages"][0]  # the system prompt an evaluation uses, unchanged
