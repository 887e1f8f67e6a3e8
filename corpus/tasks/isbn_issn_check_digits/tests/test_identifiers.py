import pytest
from identifiers import (
    IdentifierError,
    isbn10_to_13,
    isbn13_to_10,
    is_valid_isbn10,
    is_valid_isbn13,
    is_valid_issn,
    issn_check_char,
    normalise,
)


def test_normalise_drops_hyphens_and_spaces():
    assert normalise("0-8044 2957-x") == "080442957X"


def test_isbn10_validation():
    assert is_valid_isbn10("0-306-40615-2")
    assert is_valid_isbn10("0-8044-2957-X")
    assert not is_valid_isbn10("0-306-40615-3")
    assert not is_valid_isbn10("0-8044-X952-2")
    assert not is_valid_isbn10("0-306-4061")


def test_isbn13_validation():
    assert is_valid_isbn13("978-0-306-40615-7")
    assert is_valid_isbn13("979-10-90636-07-1")
    assert is_valid_isbn13("978-0-262-03384-8")
    assert is_valid_isbn13("9780131103627")
    assert not is_valid_isbn13("978-0-306-40615-8")
    assert not is_valid_isbn13("978-0-306-40615-X")


def test_issn_check_digits():
    assert is_valid_issn("0378-5955")
    assert is_valid_issn("0317-008X")
    assert issn_check_char([2, 0, 4, 9, 3, 6, 3]) == "0"
    assert not is_valid_issn("0378-5956")


def test_conversions_both_ways():
    assert isbn10_to_13("0-306-40615-2") == "9780306406157"
    assert isbn13_to_10("978-0-306-40615-7") == "0306406152"
    assert isbn13_to_10("9780140440072") == "0140440070"
    assert isbn13_to_10(isbn10_to_13("0-8044-2957-X")) == "080442957X"


def test_conversions_refuse_what_has_no_counterpart():
    with pytest.raises(IdentifierError, match="only 978 ISBNs"):
        isbn13_to_10("979-10-90636-07-1")
    with pytest.raises(IdentifierError, match="check digit does not match"):
        isbn10_to_13("0-306-40615-3")
    with pytest.raises(IdentifierError, match="an ISBN-13 holds digits only"):
        isbn13_to_10("978-0-306-40615-X")



def test_lengths_are_checked_before_anything_else():
    for convert, text, length in ((isbn10_to_13, "0-306", 10), (isbn13_to_10, "978-0-306", 13)):
        with pytest.raises(IdentifierError, match=f"has {length} characters"):
            convert(text)
    assert not is_valid_issn("0378-595")
    assert not is_valid_isbn13("")
