import pytest
from buffer import Buffer
from commands import replace_all, wrap_line
from ops import EditError


def test_undoing_a_replace_all_restores_the_text():
    buf = Buffer("the cat sat on the mat")
    assert replace_all(buf, "at", "og") == 3
    assert buf.text == "the cog sog on the mog"
    buf.undo()
    assert buf.text == "the cat sat on the mat"


def test_single_edits_undo_and_redo():
    buf = Buffer("hello")
    buf.insert(5, " world")
    buf.delete(0, 1)
    assert buf.text == "ello world"
    buf.undo()
    buf.undo()
    assert buf.text == "hello"
    buf.redo()
    assert buf.text == "hello world"


def test_wrapping_a_line_is_one_undo_step():
    buf = Buffer("first\nsecond\nthird")
    wrap_line(buf, 1, "**", "**")
    assert buf.text == "first\n**second**\nthird"
    assert buf.undo() and buf.text == "first\nsecond\nthird"
    assert buf.redo() and buf.text == "first\n**second**\nthird"


def test_a_new_edit_clears_redo():
    buf = Buffer("ab")
    buf.insert(2, "c")
    buf.undo()
    buf.insert(0, "x")
    assert buf.redo() is False
    assert buf.text == "xab"


def test_edits_out_of_range_are_refused():
    buf = Buffer("abc")
    with pytest.raises(EditError, match="outside a text of length 3"):
        buf.insert(9, "z")
    with pytest.raises(ValueError, match="no line 4"):
        wrap_line(buf, 4, "<", ">")
    with pytest.raises(ValueError, match="nothing to search for"):
        replace_all(buf, "", "x")
