from mdparse import TableError, parse_table
from weekly import summary_table

import pytest

ROWS = [
    {"region": "North", "orders": 1204, "revenue": 48210.5, "change": 0.12, "notes": "new store"},
    {"region": "South", "orders": 877, "revenue": 51000.0, "change": -0.03, "notes": None},
]


def test_summary_reads_back_with_totals_last():
    header, aligns, rows = parse_table(summary_table(ROWS))
    assert header == ["Region", "Orders", "Revenue (EUR)", "Change", "Notes"]
    assert aligns == ["left", "right", "right", "center", None]
    assert rows[0][:4] == ["South", "877", "51,000.00", "-3%"]
    assert rows[-1][:3] == ["**Total**", "2,081", "99,210.50"]


def test_parse_errors_name_the_row():
    with pytest.raises(TableError, match="row 3 has 1 cells"):
        parse_table("| a | b |\n| --- | --- |\n| x |")
    with pytest.raises(TableError, match="delimiter row"):
        parse_table("| a |\n| xx |")


def test_an_empty_week_still_has_a_total_row():
    table = summary_table([])
    lines = table.splitlines()
    assert len(lines) == 3
    assert len(set(map(len, lines))) == 1
    assert parse_table(table)[2] == [["**Total**", "0", "0.00", "", ""]]
