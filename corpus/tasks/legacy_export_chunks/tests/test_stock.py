import pytest
from export_format import ExportError, read_export
from stock import low_stock, stock_levels
from table import rows

OLD_FIRMWARE = "COLUMNS id;sku;qty\n1\nA-100\n4\n2\nB-200\n10\n3\nA-100\n3\n"
NEW_FIRMWARE = "COLUMNS id;sku;qty;\n1\nA-100\n4\n2\nB-200\n10\n3\nA-100\n3\n"


def test_stock_from_a_current_export():
    assert stock_levels(NEW_FIRMWARE) == {"A-100": 7, "B-200": 10}


def test_stock_from_an_old_export():
    assert stock_levels(OLD_FIRMWARE) == {"A-100": 7, "B-200": 10}


def test_low_stock_report():
    assert low_stock(NEW_FIRMWARE, threshold=8) == ["A-100"]


def test_rows_convert_typed_columns():
    assert rows(["id", "sku", "price"], ["7", "C-1", "2.5"]) == [{"id": 7, "sku": "C-1", "price": 2.5}]


def test_missing_header_is_explained():
    with pytest.raises(ExportError, match="must start with a 'COLUMNS"):
        read_export("1\nA-100\n4\n")
