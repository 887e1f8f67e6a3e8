from offers import Offer, compare, sheet

OFFERS = [Offer("Northbank", 6.9), Offer("Eastfield", 5.9, fee=495), Offer("Westmoor", 7.4, balloon_share=0.3)]


def test_cheapest_total_first():
    rows = compare(18_000, 36, OFFERS)
    assert [lender for lender, _, _ in rows] == ["Northbank", "Eastfield", "Westmoor"]
    assert rows[1] == ("Eastfield", 546.78, 20179.08)
    assert rows[2][1] == 424.66


def test_the_printed_sheet():
    lines = sheet(18_000, 36, OFFERS[:1]).splitlines()
    assert lines[0] == "Lender         Monthly       Total"
    assert lines[1] == "Northbank       554.97   19,978.92"
