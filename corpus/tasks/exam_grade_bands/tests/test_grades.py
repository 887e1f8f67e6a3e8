import pytest
from bands import Bands
from gradebook import Gradebook, GradebookError
from grades import distribution, letter, report_card


def statistics_course():
    book = Gradebook({"midterm": (30, "0.3"), "project": (20, "0.3"), "final": (60, "0.4")})
    for student, (mid, proj, final) in {
        "aiko": (27, 18, 54), "ben": (21, 14, 42), "cleo": (24, 17, 50), "dev": (12, 11, 33),
        "eli": (30, 20, 57), "fay": (19, 12, 39),
    }.items():
        book.record(student, "midterm", mid)
        book.record(student, "project", proj)
        book.record(student, "final", final)
    return book


def test_clear_cut_letters():
    book = statistics_course()
    assert [letter(book.share("eli", exam)) for exam in ("midterm", "project", "final")] == ["A", "A", "A"]
    assert letter(book.share("dev", "midterm")) == "F"


def test_boundary_scores_earn_the_higher_letter():
    book = statistics_course()
    assert letter(book.share("aiko", "midterm")) == "A"
    assert letter(book.share("ben", "midterm")) == "C"
    assert letter(book.share("ben", "final")) == "C"


def test_report_card():
    assert report_card(statistics_course(), "ben") == [
        "Report for ben", "  midterm     70.0%  C", "  project     70.0%  C", "  final       70.0%  C",
        "  course      70.0%  C"]


def test_class_distribution_on_the_final():
    assert distribution(statistics_course(), "final") == [
        " 90%+ A ##", " 80%+ B #", " 70%+ C #", " 60%+ D #", " 50%+ E #", "<50%  F "]


def test_course_distribution():
    assert distribution(statistics_course()) == [
        " 90%+ A ##", " 80%+ B #", " 70%+ C #", " 60%+ D #", " 50%+ E #", "<50%  F "]


def test_bands_validate_their_input():
    with pytest.raises(ValueError, match="1.200 is outside"):
        Bands().index(1.2)
    with pytest.raises(ValueError, match="low < high"):
        Bands(1, 0)
    assert Bands(0, 100, 4).histogram([0, 24, 25, 99, 100]) == [2, 1, 0, 2]
    assert Bands(50, 100, 5).histogram([50, 59, 60, 85, 100]) == [2, 1, 0, 1, 1]


def test_gradebook_input_errors():
    book = statistics_course()
    with pytest.raises(GradebookError, match="ben: 31 points on midterm is outside 0..30"):
        book.record("ben", "midterm", 31)
    with pytest.raises(GradebookError, match="weights must add up to 1"):
        Gradebook({"a": (10, "0.5"), "b": (10, "0.4")})


def test_honours_and_resits():
    from awards import honours, resits

    book = statistics_course()
    assert honours(book) == ["aiko", "eli"]
    assert resits(book) == [("dev", "midterm")]


def test_curve_lifts_the_median_to_a_c():
    from awards import curve, curved_letters

    book = statistics_course()
    assert curve(book) == 0
    assert float(curve(book, "0.8")) == pytest.approx(0.0358333)
    assert curved_letters(book, "0.8") == {"aiko": "A", "ben": "C", "cleo": "B", "dev": "E", "eli": "A", "fay": "D"}


def test_exam_summary_for_the_board():
    from grades import exam_summary

    summary = exam_summary(statistics_course())
    assert summary["project"] == {"average": 0.767, "letters": {"A": 2, "B": 1, "C": 1, "D": 1, "E": 1}}
    assert summary["midterm"]["average"] == 0.739
