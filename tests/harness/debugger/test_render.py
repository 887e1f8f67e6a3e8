"""The model's text rendered from the in-process debugger's records (harness.debugger.render): counts
in words that agree with their number, and what a yield handed out."""

from __future__ import annotations

from harness.debugger import render


def stack_text(skipped: int) -> str:
    record = {"kind": "stack", "skipped": skipped,
              "frames": [{"index": 0, "file": "a.py", "line": 3, "function": "f", "source": "x = 1", "selected": True}]}
    shown = render.answer([record], "where_am_i")
    assert shown is not None
    return shown.text


def test_one_hidden_frame_is_one_frame_not_one_frames():
    assert "(1 frame in the standard library, pytest or the debugger not shown)" in stack_text(1)  # was: "1 frames"
    assert "(3 frames in the standard library" in stack_text(3)
    assert "not shown" not in stack_text(0)


def test_a_yield_is_said_as_yielded_when_stepped_over_and_as_yields_when_paused_on_it():
    yielded = {"function": "numbers", "file": "gen.py", "line": 4, "value": "0", "resumed": True}
    over = render.stop_notes({"reason": "step", "function": "numbers", "yielded": yielded})
    onto = render.stop_notes({"reason": "return", "function": "numbers", "yielded": dict(yielded, resumed=False)})
    elsewhere = render.stop_notes({"reason": "breakpoint", "function": "main", "yielded": yielded})

    assert over == ["The generator numbers yielded 0 to its caller at gen.py:4. The caller ran on until it asked "
                    "for the next value; paused where numbers resumes."]
    assert onto == ["The generator numbers yields 0 to its caller here (gen.py:4); it is suspended, not finished."]
    assert elsewhere == ["The generator numbers yielded 0 to its caller at gen.py:4."]  # a breakpoint came first
