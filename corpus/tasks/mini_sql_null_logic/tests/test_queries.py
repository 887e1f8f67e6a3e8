import pytest
from engine import Database
from fixtures import load
from sql_eval import SqlRuntimeError
from sql_lexer import SqlSyntaxError


def db():
    return Database({"staff": load()})


def names(sql):
    return [row[0] for row in db().execute(sql)]


def test_negated_comparison_skips_unknown_bonus():
    assert names("SELECT name FROM staff WHERE NOT (bonus > 1000) ORDER BY name") == ["cy"]


def test_simple_filter_and_order():
    assert names("SELECT name FROM staff WHERE salary >= 4400 ORDER BY salary DESC") == ["cy", "ada", "di"]


def test_null_comparison_is_never_true():
    assert names("SELECT name FROM staff WHERE bonus < 100000 ORDER BY name") == ["ada", "cy", "di", "eve"]


def test_is_null_and_is_not_null():
    assert names("SELECT name FROM staff WHERE bonus IS NULL ORDER BY name") == ["bo", "noor"]
    assert len(names("SELECT name FROM staff WHERE city IS NOT NULL")) == 5


def test_and_or_with_unknowns():
    sql = "SELECT name FROM staff WHERE dept = 'eng' OR (bonus > 2000 AND city = 'York') ORDER BY name"
    assert names(sql) == ["ada", "cy"]


def test_in_between_and_like():
    assert names("SELECT name FROM staff WHERE city IN ('Hull', 'York') ORDER BY name") == ["ada", "cy", "di"]
    assert names("SELECT name FROM staff WHERE salary BETWEEN 3900 AND 4400 ORDER BY name") == ["bo", "di", "noor"]
    assert names("SELECT name FROM staff WHERE name LIKE '_o%' ORDER BY name") == ["bo", "noor"]


def test_not_in_with_known_values():
    assert names("SELECT name FROM staff WHERE dept NOT IN ('eng', 'ops') ORDER BY name") == ["eve"]


def test_negated_department_filter_leaves_out_unassigned_staff():
    assert names("SELECT name FROM staff WHERE NOT (dept = 'eng' OR dept = 'ops') ORDER BY name") == ["eve"]


def test_aggregates_ignore_nulls():
    assert db().execute("SELECT COUNT(*), COUNT(bonus), SUM(bonus), MAX(salary) FROM staff") == [(6, 4, 6000, 6100)]
    assert db().execute("SELECT AVG(bonus) FROM staff WHERE dept = 'ops'") == [(1200.0,)]


def test_expressions_aliases_and_limit():
    database = db()
    sql = "SELECT name, salary + bonus AS total FROM staff WHERE bonus IS NOT NULL ORDER BY total DESC LIMIT 2"
    assert database.execute(sql) == [("cy", 6900), ("ada", 6700)]
    assert database.column_names(sql) == ["name", "total"]


def test_nulls_sort_last_both_ways():
    assert names("SELECT name FROM staff ORDER BY bonus DESC, name")[-2:] == ["bo", "noor"]
    assert names("SELECT name FROM staff ORDER BY bonus, name")[-2:] == ["bo", "noor"]


def test_errors_are_explained():
    with pytest.raises(SqlSyntaxError, match="expected FROM"):
        db().execute("SELECT name staff")
    with pytest.raises(SqlSyntaxError, match="unexpected character ';'"):
        db().execute("SELECT name FROM staff;")
    with pytest.raises(SqlRuntimeError, match="unknown column 'age'"):
        db().execute("SELECT age FROM staff")
    with pytest.raises(SqlRuntimeError, match="no table 'people'"):
        db().execute("SELECT * FROM people")
    with pytest.raises(SqlRuntimeError, match="GROUP BY"):
        db().execute("SELECT name, COUNT(*) FROM staff")


def test_result_table_rendering():
    from result_table import run_and_render

    text = run_and_render(db(), "SELECT name, bonus, city FROM staff WHERE salary > 5000 OR city IS NULL ORDER BY name")
    assert text.splitlines() == [
        "name | bonus | city",
        "-----+-------+-----",
        "ada  |  1500 | York",
        "cy   |   800 | Hull",
        "eve  |  2500 | NULL",
        "(3 rows)",
    ]


def test_result_table_cells():
    from result_table import cell, render

    assert [cell(None), cell(2.5), cell(7)] == ["NULL", "2.50", "7"]
    assert render(["n"], [(1,)]).splitlines()[-1] == "(1 row)"


def test_parser_precedence_and_nesting():
    from sql_ast import Binary, Column, Literal, Unary
    from sql_parser import parse

    where = parse("SELECT a FROM t WHERE NOT a = 1 AND b > 2 OR c < 3").where
    assert where == Binary("OR",
                           Binary("AND", Unary("NOT", Binary("=", Column("a"), Literal(1))),
                                  Binary(">", Column("b"), Literal(2))),
                           Binary("<", Column("c"), Literal(3)))


def test_arithmetic_in_conditions():
    assert names("SELECT name FROM staff WHERE salary % 1000 = 100 AND -salary < -4000 ORDER BY name") == [
        "cy", "noor"]
    with pytest.raises(SqlRuntimeError, match="division by zero"):
        db().execute("SELECT salary / 0 FROM staff")
