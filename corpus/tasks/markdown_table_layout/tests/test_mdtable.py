import pytest
from mdparse import column_starts, parse_table
from mdtable import Column, cell_text, delimiter, render


def test_cell_text_for_numbers_and_line_breaks():
    assert cell_text(1234.5, ",.2f") == "1,234.50"
    assert cell_text(0.125, "+.1%") == "+12.5%"
    assert cell_text(True, ",") == "True"
    assert cell_text("a\r\nb\nc") == "a<br>b<br>c"


def test_cell_text_for_missing_values_and_pipes():
    assert cell_text(None) == ""
    assert cell_text("x|y") == "x\\|y"


def test_delimiters_follow_the_alignment():
    assert [delimiter(a, 5) for a in ("left", "right", "center", None)] == [":----", "----:", ":---:", "-----"]


def test_a_small_table():
    columns = [Column("Name", "name", "left"), Column("Qty", "qty", "right")]
    assert render(columns, [{"name": "bolt", "qty": 12}, {"name": "nut", "qty": 7}]) == "\n".join([
        "| Name | Qty |",
        "| :--- | --: |",
        "| bolt |  12 |",
        "| nut  |   7 |",
    ])


def test_headers_wider_than_their_cells():
    table = render([Column("Description", "d"), Column("Centred", "c", "center")], [{"d": "ok", "c": "x"}])
    assert table.splitlines()[2] == "| ok          |    x    |"
    assert len(set(map(len, table.splitlines()))) == 1


def test_pipes_and_missing_values_keep_the_columns_straight():
    columns = [Column("Cmd", "cmd"), Column("Owner", "owner")]
    table = render(columns, [{"cmd": "grep x | wc -l", "owner": None}, {"cmd": "ls", "owner": "ops"}])
    starts = column_starts(table)
    assert all(s == starts[0] for s in starts)
    assert parse_table(table)[2] == [["grep x | wc -l", ""], ["ls", "ops"]]


def test_bad_alignment_is_refused():
    with pytest.raises(ValueError, match="column 'Qty': align must be"):
        render([Column("Qty", "qty", "middle")], [])
