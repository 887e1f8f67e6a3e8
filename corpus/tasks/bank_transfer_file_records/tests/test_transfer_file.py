from datetime import date
from decimal import Decimal

import pytest
from layout import RECORD_LENGTH, clean_text, parse_detail, parse_file
from payments import Payment, check_payment
from transfer_file import PaymentRunError, build_file, detail_record, header_record, trailer_record

ACME = Payment("20-00-00", "12345678", Decimal("1250.00"), "Acme Ltd", "INV 2024/117")
SMALL = Payment("401276", "123456", Decimal("19.99"), "J. O'Neill & Sons (Plumbing) Limited", "refund #88")


def test_payment_checks():
    assert check_payment(ACME) == []
    bad = Payment("20-0000-1", "12ab", Decimal("0.005"), " ", "x")
    assert len(check_payment(bad)) == 4


def test_clean_text_keeps_only_the_bank_alphabet():
    assert clean_text("J. O'Neill & Sons (Plumbing)") == "J. O NEILL & SONS  PLUMBING "


def test_header_record():
    record = header_record("ACM001", date(2024, 3, 5), 7)
    assert record == "HACM0012403050007".ljust(80)


def test_detail_record_fields():
    record = detail_record(ACME)
    assert len(record) == RECORD_LENGTH
    assert record[:26] == "D20000012345678" + "00000125000"
    assert record[26:62] == "ACME LTD          INV 2024/117      "


def test_short_accounts_and_long_names():
    fields = parse_detail(detail_record(SMALL))
    assert fields["account"] == "00123456"
    assert fields["pence"] == 1999
    assert fields["name"] == "J. O NEILL & SONS "[:18].rstrip()
    assert fields["reference"] == "REFUND  88"


def test_trailer_counts_and_totals():
    assert trailer_record([ACME, SMALL]) == "T000002" + "0000000126999".ljust(73)


def test_whole_file_reads_back():
    parsed = parse_file(build_file("ACM001", date(2024, 3, 5), 12, [ACME, SMALL]))
    assert (parsed["originator"], parsed["date"], parsed["serial"]) == ("ACM001", "240305", 12)
    assert [d["pence"] for d in parsed["details"]] == [125000, 1999]
    assert [d["sort_code"] for d in parsed["details"]] == ["200000", "401276"]


def test_runs_with_problems_are_refused():
    with pytest.raises(PaymentRunError, match="payment 2: amount 0 must be above 0"):
        build_file("ACM001", date(2024, 3, 5), 1, [ACME, Payment("200000", "1234567", Decimal("0"), "X", "")])
    with pytest.raises(PaymentRunError, match="at least one payment"):
        build_file("ACM001", date(2024, 3, 5), 1, [])
