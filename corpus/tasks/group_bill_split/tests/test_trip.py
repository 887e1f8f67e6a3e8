import pytest
from split import SplitError, split_by_weight, split_evenly
from trip import Trip


def test_a_dinner_for_three_settles_to_the_cent():
    trip = Trip(["ana", "ben", "cy"])
    trip.expense("ana", 100.00)
    assert trip.unbalanced_cents() == 0
    assert sorted(trip.balances.values()) == [-3333, -3333, 6666]


def test_even_split_of_a_round_amount():
    assert split_evenly(90, ["a", "b", "c"]) == {"a": 30.0, "b": 30.0, "c": 30.0}


def test_weighted_split_by_nights():
    assert split_by_weight(300, {"a": 1, "b": 2}) == {"a": 100.0, "b": 200.0}


def test_the_leftover_cent_goes_to_the_largest_remainder():
    assert split_by_weight(1.00, {"ana": 1, "ben": 2, "cy": 4}) == {"ana": 0.14, "ben": 0.29, "cy": 0.57}


def test_shares_always_add_up_to_the_amount():
    for amount, n in [(10.00, 3), (0.05, 2), (19.99, 7), (250.10, 6)]:
        people = [f"p{i}" for i in range(n)]
        assert round(sum(split_evenly(amount, people).values()) * 100) == round(amount * 100)


def test_settlements_clear_every_balance():
    trip = Trip(["ana", "ben", "cy"])
    trip.expense("ana", 60)
    trip.expense("ben", 30, weights={"ben": 1, "cy": 2})
    assert trip.balances["ben"] == 0
    assert trip.settlements() == [("cy", "ana", 4000)]


def test_bad_splits_are_refused():
    with pytest.raises(SplitError, match="between nobody"):
        split_evenly(5, [])
    with pytest.raises(SplitError, match="more than zero"):
        split_by_weight(5, {"a": 0})
    with pytest.raises(KeyError, match="dan is not on this trip"):
        Trip(["ana"]).expense("dan", 1)
