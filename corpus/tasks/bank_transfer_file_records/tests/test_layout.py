import pytest
from layout import parse_detail, parse_file


def test_parse_a_hand_written_detail():
    record = "D401276" + "00123456" + "00000001999" + "J. O NEILL".ljust(18) + "REFUND".ljust(18)
    fields = parse_detail(record.ljust(80))
    assert (fields["sort_code"], fields["pence"], fields["name"]) == ("401276", 1999, "J. O NEILL")
    with pytest.raises(ValueError, match="80-character detail record"):
        parse_detail(record)


def test_trailer_must_agree_with_the_details():
    detail = ("D401276" + "00123456" + "00000001999").ljust(80)
    text = "\n".join(["HACM0012403050001".ljust(80), detail, "T000001" + "0000000002000".ljust(73)])
    with pytest.raises(ValueError, match="trailer says 1 payments / 2000p, file holds 1 / 1999p"):
        parse_file(text)
