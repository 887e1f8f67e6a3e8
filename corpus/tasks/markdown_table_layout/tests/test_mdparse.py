import pytest
from mdparse import TableError, alignment, column_starts, parse_table, split_row


def test_rows_split_on_unescaped_pipes_only():
    assert split_row("| a \\| b | c |") == ["a | b", "c"]
    with pytest.raises(TableError, match="start and end with '|'"):
        split_row("a | b")


def test_alignment_markers():
    assert [alignment(c) for c in (":---", "---:", ":---:", "---")] == ["left", "right", "center", None]


def test_hand_written_table():
    text = "| Item | Price |\n|:-----|------:|\n| tea  |  3.50 |\n| a\\|b |  1.00 |\n"
    header, aligns, rows = parse_table(text)
    assert (header, aligns) == (["Item", "Price"], ["left", "right"])
    assert rows == [["tea", "3.50"], ["a|b", "1.00"]]
    assert column_starts("| a | b |\n| --- | --- |") == [[0, 4, 8], [0, 6, 12]]
