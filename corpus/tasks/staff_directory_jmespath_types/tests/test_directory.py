import pytest
from directory import Directory
from loaders import LoadError, from_csv

HR = '{"people": [{"name": "ada", "team": "core", "age": 36, "salary": 5200},' \
     ' {"name": "bo", "team": "web", "age": 29, "salary": 4100}]}'

PAYROLL = """Name,Team,Age,Salary
cy, core ,41,6100
di,web,24,3900.5
"""


def test_age_ordering_across_sources():
    directory = Directory().load(json_text=HR, csv_text=PAYROLL)
    assert directory.by_age() == ["di", "bo", "ada", "cy"]
    assert directory.oldest() == "cy"


def test_json_feed_queries():
    directory = Directory().load(json_text=HR)
    assert directory.oldest() == "ada"
    assert directory.payroll() == 9300


def test_csv_columns_are_normalised():
    assert from_csv(PAYROLL)[0]["team"] == "core"
    assert sorted(from_csv(PAYROLL)[0]) == ["age", "name", "salary", "team"]


def test_team_filter_across_sources():
    directory = Directory().load(json_text=HR, csv_text=PAYROLL)
    assert directory.names_in("core") == ["ada", "cy"]


def test_bad_json_is_reported():
    with pytest.raises(LoadError, match="HR feed is not JSON"):
        Directory().load(json_text="{people: []}")


def test_payroll_includes_csv_staff():
    directory = Directory().load(json_text=HR, csv_text=PAYROLL)
    assert directory.payroll("web") == 8000.5


def test_badges_for_mixed_sources():
    from badges import badges_for

    directory = Directory().load(json_text=HR, csv_text=PAYROLL)
    assert [(b["name"], b["colour"]) for b in badges_for(directory.document["people"], "core")] == [
        ("Ada", "blue"), ("Cy", "blue")]


def test_badge_details():
    from badges import badge

    assert badge({"name": "mary_ann lee"}) == {"name": "Mary Ann Lee", "initials": "MA", "team": "visitor",
                                              "colour": "grey"}
