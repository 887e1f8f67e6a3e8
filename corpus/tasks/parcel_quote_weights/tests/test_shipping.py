import pytest
from order import parse_order
from shipping import Parcel, pack, parcel_price, quote
from units import WeightError


def test_catalog_weights_for_a_kettle_and_mugs():
    assert quote("KETTLE x1\nMUG x1") == {"parcels": 1, "prices": [5.90], "total": 5.9}


def test_explicit_weights_are_used():
    assert quote("MUG x2 @ 400g\nBOOK x1 @ 1kg") == {"parcels": 1, "prices": [5.90], "total": 5.9}


def test_packing_splits_heavy_orders():
    parcels = pack(parse_order("MUG x3 @ 2kg\nMUG x1 @ 900g"))
    assert sorted(round(p.weight_g) for p in parcels) == [2000, 4900]


def test_price_bands():
    from order import Unit
    assert [parcel_price(Parcel([Unit("X", w)])) for w in (300, 1500, 4999, 7000)] == [3.2, 5.9, 8.4, 45.0]


def test_bad_lines_and_weights_are_reported():
    with pytest.raises(ValueError, match="order line 2"):
        parse_order("MUG x1\nthree mugs")
    with pytest.raises(WeightError, match="'2st'"):
        parse_order("MUG x1 @ 2st")


def test_mixed_catalog_order():
    result = quote("BOOK x2\nTEA x1\nKETTLE x3")
    assert result["parcels"] == 2
    assert result["total"] == 14.3


def test_tracking_numbers_carry_a_check_digit():
    from labels import check_digit, tracking_number

    assert check_digit("0000004200") == "0"
    assert check_digit("0000004201") == "7"
    assert tracking_number(42, 0) == "TRK00000042000"
    with pytest.raises(ValueError, match="0..99"):
        tracking_number(42, 100)


def test_labels_for_explicit_weights():
    from labels import labels

    parcels = pack(parse_order("MUG x3 @ 2kg\nMUG x1 @ 900g"))
    out = labels(7, parcels, "Ada Lovelace\n12 Some Street")
    assert [(label["weight_kg"], label["box"]) for label in out] == [(4.9, "1 of 2"), (2.0, "2 of 2")]
    assert out[0]["to"] == "Ada Lovelace" and out[0]["contents"] == "MUG"
