import pytest
from columns import ColumnConfigError, columns_from_config
from report import grand_total, rows, summarize

CONFIG = {"region": "meta.region", "net": "amount.net", "units": {"path": "qty", "default": 1}}

SALES = [
    {"meta": {"region": "north"}, "amount": {"net": 120, "tax": 24}, "qty": 3},
    {"meta": {"region": "south"}, "amount": {"net": 80, "tax": 16}},
    {"meta": {"region": "north"}, "amount": {"net": 40, "tax": 8}, "qty": 1},
]


def test_bad_path_is_rejected():
    with pytest.raises(ColumnConfigError, match="dotted keys"):
        columns_from_config({"net": "amount."})


def test_missing_path_key_is_rejected():
    with pytest.raises(ColumnConfigError, match="no 'path'"):
        columns_from_config({"net": {"default": 0}})


def test_single_record_row():
    assert rows(SALES[:1], CONFIG) == [{"region": "north", "net": 120, "units": 3}]


def test_rows_for_every_record():
    assert [row["net"] for row in rows(SALES, CONFIG)] == [120, 80, 40]


def test_default_used_when_quantity_missing():
    assert [row["units"] for row in rows(SALES, CONFIG)] == [3, 1, 1]


def test_summary_by_region():
    assert summarize(SALES, CONFIG, "region") == {
        "north": {"net": 160, "units": 4},
        "south": {"net": 80, "units": 1},
    }


def test_grand_total():
    assert grand_total(SALES, CONFIG, "net") == 240


def test_money_formatting():
    from formatting import money

    assert [money(1234.5), money(-3), money(7, "EUR ")] == ["$1,234.50", "-$3.00", "EUR 7.00"]


def test_top_regions_ties_broken_by_name():
    from formatting import top_regions

    summary = {"west": {"net": 50}, "east": {"net": 90}, "north": {"net": 50}, "south": {"net": 10}}
    assert top_regions(summary, "net", 3) == ["east", "north", "west"]


def test_render_table_aligns_columns():
    from formatting import render_table

    table = render_table({"north": {"net": 1600.0, "units": 4}, "south": {"net": 80.0, "units": 1}}, ["net", "units"])
    assert table.splitlines() == [
        "region  net        units",
        "------  ---------  -----",
        "north   $1,600.00      4",
        "south      $80.00      1",
    ]
