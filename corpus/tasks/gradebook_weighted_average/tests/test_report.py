import pytest
from report import curve, grade_report, letter
from scores import ScoreError, category_means, parse_row

ROWS = [
    "ana; homework=90,100; quizzes=80; exam=90",
    "ben; homework=70; quizzes=60,70; exam=65",
]


def test_parse_row():
    assert parse_row("ana; homework=90,100; exam=88") == ("ana", {"homework": [90.0, 100.0], "exam": [88.0]})


def test_bad_rows_are_reported():
    with pytest.raises(ScoreError, match="unknown category 'lab'"):
        parse_row("cy; lab=90")
    with pytest.raises(ScoreError, match="must be numbers"):
        parse_row("cy; exam=ninety")


def test_category_means():
    assert category_means({"homework": [90, 100], "exam": [80]}) == {"homework": 95.0, "exam": 80.0}


def test_letters_and_curve():
    assert [letter(s) for s in (95, 85, 75, 65, 10)] == ["A", "B", "C", "D", "F"]
    assert curve({"a": 90.0, "b": 70.0}) == {"a": 95.0, "b": 75.0}


def test_grade_report():
    assert grade_report(ROWS) == {"ana": (88.0, "B"), "ben": (66.0, "D")}
    assert grade_report(["dee; homework=81; quizzes=77; exam=70"]) == {"dee": (74.3, "C")}


def test_curved_report():
    assert grade_report(ROWS, curved=True) == {"ana": (95.0, "A"), "ben": (73.0, "C")}


def test_grade_points_with_modifiers():
    from transcript import grade_points

    assert [grade_points("A", "+"), grade_points("B", "-"), grade_points("F", "+")] == [4.0, 2.7, 0.0]


def test_gpa_is_credit_weighted():
    from transcript import TranscriptError, gpa

    assert gpa([(4, "A"), (2, "C")]) == 3.33
    with pytest.raises(TranscriptError, match="no credits"):
        gpa([])


def test_transcript_lines():
    from transcript import transcript_lines

    assert transcript_lines("ana", [(3, "B"), (1, "A")]) == [
        "Transcript: ana", "  course 1    3 cr  B", "  course 2    1 cr  A", "  GPA 3.25"]
