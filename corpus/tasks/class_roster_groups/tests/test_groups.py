import pytest
from grouping import course_lists, sections
from roster import RosterError, read_roster
from timetable import assign_rooms

ROSTER = """
Ada; 7a; chess, robotics
Ben; 7a; art
Cleo; 7b; choir, chess
Dev; 7b; robotics
"""


def test_each_course_lists_only_its_own_students():
    courses = course_lists(read_roster(ROSTER))
    assert courses == {"art": ["Ben"], "chess": ["Ada", "Cleo"], "choir": ["Cleo"], "robotics": ["Ada", "Dev"]}


def test_roster_lines_are_parsed():
    students = read_roster(ROSTER)
    assert students[0].electives == ("chess", "robotics")
    assert students[2].school_class == "7b"


def test_sections_are_even():
    names = [f"s{i}" for i in range(31)]
    assert [len(s) for s in sections(names, 15)] == [11, 10, 10]
    assert sections([], 15) == [[]]


def test_rooms_fit_the_sections():
    courses = {"art": [f"a{i}" for i in range(18)], "chess": ["x"], "choir": []}
    assert assign_rooms(courses) == {("art", 1): "A1", ("art", 2): "A1", ("chess", 1): "A1"}
    assert assign_rooms({"choir": [f"c{i}" for i in range(20)]}, max_section=20) == {("choir", 1): "B2"}


def test_unknown_electives_and_bad_lines_are_explained():
    with pytest.raises(KeyError, match="'pottery', which is not offered"):
        course_lists(read_roster("Eve; 7c; pottery"))
    with pytest.raises(RosterError, match="roster line 1"):
        read_roster("Eve 7c pottery")
    with pytest.raises(ValueError, match="at least one student"):
        sections(["a"], 0)
