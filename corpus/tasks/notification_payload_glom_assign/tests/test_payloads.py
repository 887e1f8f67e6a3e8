import json

import pytest

from digest import Suppressions, digest
from outbox import Outbox, recipients
from payloads import PayloadBuilder
from templates import TemplateBook

ANA = {"email": "ana@example.org", "name": "Ana", "locale": "pt"}
BO = {"email": "bo@example.org", "name": "Bo"}
CY = {"email": "cy@example.org", "name": "Cy"}


def test_a_single_payload():
    payload = PayloadBuilder(TemplateBook()).build("order_shipped", ANA, order="A-17", eta="2024-05-02")
    assert payload == {"channel": "email", "template_id": "tpl-ship-3",
                       "recipient": {"locale": "pt", "email": "ana@example.org", "name": "Ana"},
                       "data": {"carrier": "DHL", "eta": "2024-05-02", "order": "A-17"},
                       "meta": {"priority": 5, "id": "n-1"}}


def test_template_priorities():
    book = TemplateBook()
    assert [book.priority(e) for e in ("password_reset", "order_shipped", "sale_started")] == [1, 5, 9]
    assert TemplateBook({"x": {"meta": {"priority": 3}}}).priority("x") == 3


def test_unknown_event():
    with pytest.raises(KeyError, match="known: order_shipped, password_reset, sale_started"):
        PayloadBuilder(TemplateBook()).build("birthday", ANA)


def test_outbox_orders_by_priority():
    outbox = Outbox()
    outbox.put({"meta": {"priority": 1}, "recipient": {"email": "low@x"}})
    outbox.put({"meta": {"priority": 9}, "recipient": {"email": "high@x"}})
    outbox.put({"meta": {"priority": 9}, "recipient": {"email": "high2@x"}})
    assert recipients(outbox.drain()) == ["high@x", "high2@x", "low@x"]
    assert len(outbox) == 0


def test_two_shipments_to_two_customers():
    builder, outbox = PayloadBuilder(TemplateBook()), Outbox()
    first = builder.build("order_shipped", ANA, order="A-17")
    second = builder.build("order_shipped", BO, order="B-02")
    outbox.put_all([first, second])
    assert (first["meta"]["id"], second["meta"]["id"]) == ("n-1", "n-2")
    sent = [json.loads(line) for line in outbox.drain()]
    assert [(p["recipient"]["email"], p["data"]["order"]) for p in sent] == [
        ("ana@example.org", "A-17"), ("bo@example.org", "B-02")]
    assert sent[1]["recipient"]["locale"] == "en"


def test_sale_broadcast_reaches_everyone():
    book = TemplateBook()
    builder, outbox = PayloadBuilder(book), Outbox()
    outbox.put_all(builder.fan_out("sale_started", [BO, CY], discount=20))
    outbox.put(builder.build("password_reset", ANA, link="https://example.org/r/x1"))
    sent = outbox.drain()
    assert recipients(sent) == ["bo@example.org", "cy@example.org", "ana@example.org"]
    assert book.template("sale_started")["recipient"] == {"locale": "en"}


def test_suppressed_recipients_are_dropped():
    builder = PayloadBuilder(TemplateBook())
    suppressions = Suppressions(["BO@example.org"])
    kept, dropped = suppressions.filter([builder.build("password_reset", BO, link="x"),
                                         builder.build("password_reset", CY, link="y")])
    assert dropped == ["bo@example.org"] and [p["data"]["link"] for p in kept] == ["y"]
    suppressions.add("cy@example.org")
    assert not suppressions.allowed(kept[0])


def test_digest_of_a_days_sending():
    builder, outbox = PayloadBuilder(TemplateBook()), Outbox()
    outbox.put_all(builder.fan_out("sale_started", [ANA, BO, CY], discount=15))
    outbox.put(builder.build("order_shipped", CY, order="C-9"))
    summary = digest(outbox.drain())
    assert summary["sent"] == 4
    assert summary["per_template"] == {"email:tpl-ship-3": 1, "push:tpl-sale-7": 3}
    assert summary["recipients"] == ["ana@example.org", "bo@example.org", "cy@example.org"]
    assert digest([]) == {"sent": 0, "per_template": {}, "recipients": []}
    assert len(outbox) == 0
    assert outbox.drain() == []
