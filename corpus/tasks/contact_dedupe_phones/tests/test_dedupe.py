import pytest
from dedupe import dedupe
from normalise import ContactError, normalise_email, normalise_phone

CONTACTS = """name,phone,email,company
Ada Byron,020 7946 0018,,
A. Byron,+44 20 7946 0018,ada@example.org,Analytical Ltd
Grace H,,grace@navy.mil,
Grace Hopper,0044 (0)20 7946 0999,GRACE@NAVY.MIL,
G. Hopper,+44 20 7946 0999,,Navy
"""


def test_national_and_international_spellings_agree():
    assert normalise_phone("020 7946 0018") == normalise_phone("+44 20 7946 0018") == "+442079460018"


def test_double_zero_prefix_means_international():
    assert normalise_phone("0044 20 7946 0999") == "+442079460999"


def test_emails_are_case_insensitive():
    assert normalise_email(" GRACE@Navy.mil ") == "grace@navy.mil"
    with pytest.raises(ContactError, match="not an address"):
        normalise_email("grace.navy.mil")


def test_ada_records_are_merged():
    people = dedupe(CONTACTS)
    assert people[0] == {"name": "Ada Byron", "phone": "020 7946 0018", "email": "ada@example.org",
                         "company": "Analytical Ltd"}


def test_grace_records_are_merged_into_one():
    people = dedupe(CONTACTS)
    assert len(people) == 2
    assert people[1]["company"] == "Navy"
