import pytest
from solver import SolverError, bisect


def test_square_root_of_two():
    assert bisect(lambda x: x * x - 2, 0.0, 2.0) == pytest.approx(2 ** 0.5, abs=1e-11)


def test_root_at_an_end_of_the_bracket():
    assert bisect(lambda x: x - 3, 3.0, 5.0) == 3.0


def test_bad_brackets_are_explained():
    with pytest.raises(SolverError, match="lo < hi"):
        bisect(lambda x: x, 2.0, 1.0)
    with pytest.raises(SolverError, match="no sign change between 1.0 and 2.0"):
        bisect(lambda x: x, 1.0, 2.0)


def test_the_tolerance_is_relative_to_the_roots_size_above_one():
    assert bisect(lambda x: x - 2.3, 1.0, 3.0, tol=0.25) == 2.25
    assert bisect(lambda x: x - 0.3, 0.0, 1.0, tol=0.25) == 0.375


def test_a_tolerance_finer_than_floats_stops_when_the_bracket_cannot_shrink():
    assert bisect(lambda x: x * x - 2, 0.0, 2.0, tol=0.0) == pytest.approx(2 ** 0.5, rel=1e-15)


def test_the_solver_gives_up_after_400_halvings():
    with pytest.raises(SolverError, match="no convergence after 400 halvings"):
        bisect(lambda x: x - 1e-200, 0.0, 1e300)
