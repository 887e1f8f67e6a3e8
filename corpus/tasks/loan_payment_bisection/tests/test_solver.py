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
