import pytest
from reorder_policy import Policy, parse_policies, suggest_orders
from stock import stock_levels

POLICIES = """
A-100 10 30 6
B-200 5 20
C-300 1 4
"""


def test_suggestions_for_an_old_export():
    levels = stock_levels("COLUMNS id;sku;qty\n1\nA-100\n4\n2\nB-200\n10\n")
    assert suggest_orders(levels, parse_policies(POLICIES)) == {"A-100": 30, "C-300": 4}


def test_suggestions_for_a_current_export():
    levels = stock_levels("COLUMNS id;sku;qty;\n1\nA-100\n12\n2\nB-200\n1\n3\nC-300\n1\n")
    assert suggest_orders(levels, parse_policies(POLICIES)) == {"B-200": 19}


def test_orders_round_up_to_whole_packs():
    assert suggest_orders({"X": 1}, {"X": Policy(5, 10, pack_size=4)}) == {"X": 12}


def test_bad_policies_are_explained():
    with pytest.raises(ValueError, match="policy line 1: expected 'SKU min max \\[pack\\]'"):
        parse_policies("A-100 10\n")
    with pytest.raises(ValueError, match="minimum <= maximum"):
        Policy(9, 3)
    with pytest.raises(ValueError, match="pack size must be at least 1"):
        Policy(1, 3, pack_size=0)
