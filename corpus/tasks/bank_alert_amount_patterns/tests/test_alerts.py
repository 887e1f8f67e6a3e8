from datetime import datetime
from decimal import Decimal

import pytest

from ingest import ingest
from ledger import settle, totals
from patterns import MessageParser
from review import ReviewQueue

ALERTS = [
    ("northbank", "Payment of 125.50 EUR received from kim  lee on 2024-03-01T09:30:00"),
    ("fjordsparebank", "2024-03-01T11:00:00: Ola Nordmann sent you NOK 1,250.00"),
    ("coastal", "CREDIT GBP40 REF INV2291 FROM ACME LTD AT 2024-03-02T08:15:00"),
    ("northbank", "Payment of 80 EUR received from Kim Lee on 2024-03-02T10:00:00"),
    ("northbank", "Payment of 125.50 EUR received from Kim Lee on 2024-03-01T09:30:00"),
]


def test_a_northbank_alert():
    fields = MessageParser().parse("northbank", ALERTS[0][1])
    assert fields == {"amount": Decimal("125.50"), "currency": "EUR", "payer": "Kim Lee",
                      "date": datetime(2024, 3, 1, 9, 30), "reference": None}


def test_unknown_bank():
    with pytest.raises(KeyError, match="known: coastal, fjordsparebank, northbank"):
        MessageParser().parse("megabank", "hello")


def test_settle_matches_payer_currency_and_amount():
    credits = [{"payer": "Kim Lee", "currency": "EUR", "amount": Decimal("80.00"), "date": datetime(2024, 3, 2)},
               {"payer": "Bo Ek", "currency": "EUR", "amount": Decimal("5.00"), "date": datetime(2024, 3, 1)}]
    paid, unmatched = settle({"INV-7": ("Kim Lee", "EUR", Decimal("80.00"))}, credits)
    assert paid == ["INV-7"] and [c["payer"] for c in unmatched] == ["Bo Ek"]


def test_a_day_of_alerts():
    batch = ingest(MessageParser(), ALERTS)
    assert batch.unparsed == []
    assert totals(batch.credits) == {"EUR": Decimal("205.50"), "GBP": Decimal("40.00"),
                                     "NOK": Decimal("1250.00")}
    assert batch.credits[2]["reference"] == "INV2291"


def test_invoices_paid_by_the_days_alerts():
    batch = ingest(MessageParser(), ALERTS)
    invoices = {"INV-1": ("Kim Lee", "EUR", Decimal("125.50")), "INV-2": ("Kim Lee", "EUR", Decimal("80.00")),
                "INV2291": ("Acme Ltd", "GBP", Decimal("40.00"))}
    paid, unmatched = settle(invoices, batch.credits)
    assert sorted(paid) == ["INV-1", "INV-2", "INV2291"]
    assert [c["payer"] for c in unmatched] == ["Ola Nordmann"]


def test_duplicate_alerts_count_once():
    batch = ingest(MessageParser(), [ALERTS[0], ALERTS[4], ALERTS[0]])
    assert len(batch.credits) == 1


def test_review_queue_turns_unreadable_alerts_into_credits():
    batch = ingest(MessageParser(), [("coastal", "CREDIT GBP 12.00 (manual)"), ("northbank", "Hello")])
    queue = ReviewQueue(batch.unparsed)
    assert len(queue) == 2 and queue.by_bank() == {"coastal": 1, "northbank": 1}
    queue.skip()
    assert queue.peek() == ("northbank", "Hello")
    with pytest.raises(ValueError, match="'twelve' is not a number"):
        queue.resolve("Acme Ltd", "gbp", "twelve", datetime(2024, 3, 2))
    queue.skip()
    credit = queue.resolve("Acme Ltd", "gbp", "12", datetime(2024, 3, 2))
    assert (credit["currency"], credit["amount"], credit["bank"]) == ("GBP", Decimal("12.00"), "coastal")
    assert totals(queue.resolved) == {"GBP": Decimal("12.00")}


def test_coastal_and_fjord_formats():
    parser = MessageParser()
    coastal = parser.parse("coastal", "CREDIT EUR19.99 REF X77 FROM  bo  ek AT 2024-03-03T07:00:00")
    assert (coastal["payer"], coastal["reference"], coastal["amount"]) == ("Bo Ek", "X77", Decimal("19.99"))
    fjord = parser.parse("fjordsparebank", "2024-03-04T12:00:00: Kari sent you NOK 310.5")
    assert (fjord["payer"], fjord["currency"], fjord["amount"]) == ("Kari", "NOK", Decimal("310.50"))
    assert parser.parse("coastal", "DEBIT EUR19.99") is None
    assert parser.banks() == ["coastal", "fjordsparebank", "northbank"]
    assert parser.parse("northbank", "  " + ALERTS[0][1] + "  ")["payer"] == "Kim Lee"
