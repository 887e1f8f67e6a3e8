import pytest
from expenses_csv import ExpenseFileError, load_into, read_expenses
from trip import Trip

RATES = {"EUR": 1.0, "CHF": 1.05}


def test_rows_become_expenses_in_the_trip_currency():
    rows = read_expenses("ana,40,CHF,all\nben,30,EUR,ben*1+cy*2\n", RATES)
    assert [(e.payer, e.amount, e.weights) for e in rows] == [
        ("ana", 42.0, None), ("ben", 30.0, {"ben": 1, "cy": 2})]


def test_importing_a_round_sheet_balances():
    trip = load_into(Trip(["ana", "ben", "cy"]), "ana,60,EUR,all\nben,30,EUR,ben+cy*2\n", RATES)
    assert trip.balances == {"ana": 4000, "ben": 0, "cy": -4000}


def test_importing_a_sheet_with_a_shared_taxi_balances():
    trip = load_into(Trip(["ana", "ben", "cy"]), "cy,25,EUR,all\nana,10.01,EUR,ana+ben\n", RATES)
    assert trip.unbalanced_cents() == 0


def test_sheet_errors_name_the_line():
    with pytest.raises(ExpenseFileError, match="line 2: no rate for 'USD'"):
        read_expenses("ana,1,EUR,all\nana,1,USD,all\n", RATES)
    with pytest.raises(ExpenseFileError, match="line 1: weight 'x' for 'ana'"):
        read_expenses("ana,1,EUR,ana*x\n", RATES)
    with pytest.raises(ExpenseFileError, match="expected 'payer,amount,currency,who'"):
        read_expenses("ana,1\n", RATES)
