from preview import first_months, preview_text
from quotes import quote


def test_first_months_of_a_car_loan():
    q = quote(25_000, 6.9, 48)
    assert first_months(q, 2) == [(1, 143.75, 453.75, 24546.25), (2, 141.14, 456.36, 24089.89)]
    assert preview_text(q, 1) == ["month 1: interest 143.75, principal 453.75, balance 24,546.25"]
    assert len(first_months(quote(1_000, 5, 2), 6)) == 2
