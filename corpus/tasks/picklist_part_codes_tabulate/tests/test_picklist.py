import pytest

from parts import Part, Stock, UnknownPart
from picklist import render
from scanner import confirm, parse_table
from waves import plan_waves, zone_of

STOCK = Stock([Part("RES-10K", "Resistor 10k 0603", "A-01", 0.02), Part("CAP-100N", "Capacitor 100n", "A-02", 0.03),
               Part("1E5", "Ferrite bead 1E5 series", "B-07", 0.5), Part("0042", "Heat sink 42 mm", "C-11", 38.0)])


def test_picks_are_sorted_by_bin():
    rows = STOCK.picks([("CAP-100N", 500), ("RES-10K", 2000)])
    assert [(r["bin"], r["part"], r["kg"]) for r in rows] == [("A-01", "RES-10K", 0.04), ("A-02", "CAP-100N", 0.015)]
    with pytest.raises(UnknownPart, match="no part 'LED-RED'"):
        STOCK.picks([("LED-RED", 1)])


def test_rendered_list_has_title_and_totals():
    text = render(STOCK.picks([("0042", 3), ("RES-10K", 100)]), title="Order 5531")
    lines = text.splitlines()
    assert lines[0] == "Order 5531"
    assert lines[-1] == "2 picks, 0.12 kg"
    assert "Heat sink 42 mm" in text
    assert lines[1].split("|")[1].strip() == "Bin"
    assert len(lines) == 6


def test_parse_table_reads_cells_by_header():
    text = "| Bin | Part |\n|-----|------|\n| A-01 | X |\n| B-02 | Y |\nfooter"
    assert parse_table(text) == [{"Bin": "A-01", "Part": "X"}, {"Bin": "B-02", "Part": "Y"}]


def test_handheld_confirms_ordinary_parts():
    text = render(STOCK.picks([("RES-10K", 100), ("CAP-100N", 40)]))
    assert confirm(text, STOCK) == ([("A-01", "RES-10K", 100), ("A-02", "CAP-100N", 40)], [])


def test_handheld_confirms_a_mixed_order():
    text = render(STOCK.picks([("1E5", 12), ("0042", 2), ("RES-10K", 100)]), title="Order 5532")
    confirmed, problems = confirm(text, STOCK)
    assert problems == []
    assert confirmed == [("A-01", "RES-10K", 100), ("B-07", "1E5", 12), ("C-11", "0042", 2)]


def test_handheld_confirms_an_order_of_coded_parts():
    text = render(STOCK.picks([("1E5", 12), ("0042", 2)]), title="Order 5533")
    confirmed, problems = confirm(text, STOCK)
    assert problems == []
    assert confirmed == [("B-07", "1E5", 12), ("C-11", "0042", 2)]


def test_zone_of_bin():
    assert zone_of("c-11") == "C"
    with pytest.raises(ValueError, match="zone letter"):
        zone_of("7-01")


def test_waves_fill_trolleys_per_zone():
    orders = {"o1": [("0042", 300)], "o2": [("0042", 400)], "o3": [("RES-10K", 1000), ("1E5", 2)],
              "o4": [("0042", 200), ("CAP-100N", 10)]}
    waves = plan_waves(orders, STOCK, trolley_kg=20.0)
    assert [(w.zone, w.orders, w.kg) for w in waves] == [
        ("C", ["o1", "o4"], 19.0), ("C", ["o2"], 15.2), ("A", ["o3"], 0.021)]


def test_an_order_heavier_than_a_trolley_is_refused():
    with pytest.raises(ValueError, match="order big weighs 38.0 kg"):
        plan_waves({"big": [("0042", 1000)]}, STOCK)
