import pytest
from filters import build_expression
from roster import Roster

PEOPLE = [
    {"name": "ada", "team": "core", "status": "active", "age": 36, "remote": True},
    {"name": "bob", "team": "web", "status": "inactive", "age": 29, "remote": False},
    {"name": "cy", "team": "core", "status": "active", "age": 41, "remote": False},
    {"name": "dee", "team": "web", "status": "active", "age": 24, "remote": True},
]


def test_text_filter_on_status():
    assert Roster(PEOPLE).names([("status", "eq", "active")]) == ["ada", "cy", "dee"]


def test_numeric_filter():
    assert Roster(PEOPLE).names([("age", "gt", 30)]) == ["ada", "cy"]


def test_boolean_filter():
    assert Roster(PEOPLE).names([("remote", "eq", True)]) == ["ada", "dee"]


def test_no_filter_counts_everyone():
    assert Roster(PEOPLE).count([]) == 4


def test_unknown_operator_is_reported():
    with pytest.raises(ValueError, match="unknown operator"):
        build_expression("people", [("age", "approx", 3)])


def test_combined_text_and_number():
    roster = Roster(PEOPLE)
    assert roster.names([("team", "eq", "core"), ("age", "lt", 40)]) == ["ada"]


def test_average_age_of_web_team():
    assert Roster(PEOPLE).average("age", [("team", "eq", "web")]) == pytest.approx(26.5)


def test_import_rows_from_spreadsheet():
    from roster_import import import_rows

    rows = import_rows("name,team,status,age,remote\nada,core,Active,36,yes\nbo,web,leave,29,")
    assert rows == [
        {"name": "ada", "team": "core", "status": "active", "age": 36, "remote": True},
        {"name": "bo", "team": "web", "status": "leave", "age": 29, "remote": False},
    ]


def test_import_errors_name_the_row():
    from roster_import import RosterImportError, import_rows

    with pytest.raises(RosterImportError, match="header is missing age"):
        import_rows("name,team,status\nada,core,active")
    with pytest.raises(RosterImportError, match="row 3: 'ada' appears twice"):
        import_rows("name,team,status,age\nada,core,active,1\nada,web,active,2")
    with pytest.raises(RosterImportError, match="row 2: remote must be yes or no"):
        import_rows("name,team,status,age,remote\nada,core,active,3,maybe")


def test_imported_rows_can_be_queried_by_number():
    from roster_import import import_rows

    roster = Roster(import_rows("name,team,status,age\nada,core,active,36\ncy,core,active,41"))
    assert roster.names([("age", "ge", 40)]) == ["cy"]
