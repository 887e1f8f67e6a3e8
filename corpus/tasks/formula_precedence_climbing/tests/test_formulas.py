import pytest
from evaluator import FormulaError, calculate
from lexer import FormulaSyntaxError


def test_parenthesised_sum_as_right_operand():
    assert calculate("price * (1 + tax)", {"price": 200, "tax": 0.25}) == 250


@pytest.mark.parametrize("source, expected", [
    ("1 + 2 * 3", 7), ("10 - 4 - 3", 3), ("2 ^ 3 ^ 2", 512), ("-3 + 5", 2),
    ("(1 + 2) * 3", 9), ("max(1, 7, 3) - min(4, 2)", 5), ("a * b + c", 23),
])
def test_flat_formulas(source, expected):
    assert calculate(source, {"a": 4, "b": 5, "c": 3}) == expected


def test_nested_groups_inside_power():
    assert calculate("2 ^ (1 + 2) - (8 - 2 * 3)") == 6


def test_function_arguments_are_full_expressions():
    assert calculate("round(sqrt(9 + 16) * 2, 1)") == 10


def test_errors_say_what_and_where():
    with pytest.raises(FormulaSyntaxError, match="position 4"):
        calculate("1 + $")
    with pytest.raises(FormulaError, match="unknown cell 'z'"):
        calculate("z + 1")
    with pytest.raises(FormulaError, match="division by zero"):
        calculate("1 / (2 - 2)")
