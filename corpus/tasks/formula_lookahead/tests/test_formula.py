import pytest
from formula import Formula
from lexer import FormulaError


def test_function_call():
    assert Formula("max(a, 2) * (b - 1)").evaluate({"a": 5, "b": 3}) == 10.0


def test_arithmetic_and_precedence():
    assert Formula("1 + 2 * 3 - 4 / 2").evaluate({}) == 5.0
    assert Formula("-(a + 1) * 2").evaluate({"a": 2}) == -6.0


def test_variables():
    assert Formula("price * qty").evaluate({"price": "2.5", "qty": 4}) == 10.0


def test_nested_calls():
    assert Formula("sum(1, min(a, b), abs(c))").evaluate({"a": 4, "b": 6, "c": -2}) == 7.0


def test_errors_point_at_the_problem():
    with pytest.raises(FormulaError, match="position 4"):
        Formula("1 + * 2")
    with pytest.raises(FormulaError, match="no cell named 'x'"):
        Formula("x + 1").evaluate({})
