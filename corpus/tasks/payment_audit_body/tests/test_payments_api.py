import hashlib
import json

from payments_app import build_app
from web import Request


def post(app, path, payload, **headers):
    return app(Request.build("POST", path, payload, headers))


def test_small_payment_is_created_and_readable():
    trail = []
    app = build_app(trail)
    created = post(app, "/payments", {"amount_cents": 1250, "currency": "EUR", "reference": "INV-7"})
    assert created.status == 201
    shown = app(Request.build("GET", f"/payments/{created.body['id']}"))
    assert shown.body == {"id": "pay_1", "amount_cents": 1250, "currency": "EUR", "reference": "INV-7", "memo": ""}


def test_payment_with_a_long_memo_is_accepted():
    app = build_app([])
    memo = "Quarterly maintenance for the north site boilers, parts and labour as agreed on the call"
    response = post(app, "/payments", {"amount_cents": 98000, "currency": "GBP", "reference": "PO-2231", "memo": memo})
    assert response.status == 201, response.body
    assert response.body["memo"] == memo


def test_batch_of_payments():
    app = build_app([])
    batch = {"payments": [{"amount_cents": 100 * i, "currency": "USD", "reference": f"R-{i}"} for i in range(1, 6)]}
    response = post(app, "/payments/batch", batch)
    assert response.status == 201, response.body
    assert response.body["ids"] == ["pay_1", "pay_2", "pay_3", "pay_4", "pay_5"]


def test_validation_errors_name_the_field():
    app = build_app([])
    response = post(app, "/payments", {"amount_cents": -5, "currency": "EUR", "reference": "X"})
    assert (response.status, response.body["error"]) == (422, "body.amount_cents: must be a positive integer")
    response = post(app, "/payments", {"amount_cents": 5, "currency": "CHF", "reference": "X"})
    assert response.status == 422 and "CHF" in response.body["error"]


def test_oversized_body_is_refused_before_parsing():
    app = build_app([])
    response = post(app, "/payments", {"amount_cents": 5, "currency": "EUR", "reference": "X", "memo": "x" * 5000})
    assert response.status == 413


def test_audit_trail_keeps_digest_and_sample():
    trail = []
    app = build_app(trail)
    payload = {"amount_cents": 4200, "currency": "EUR", "reference": "INV-9", "memo": "m" * 200}
    response = post(app, "/payments", payload, **{"x-api-client": "erp", "x-request-id": "abc"})
    raw = json.dumps(payload).encode()
    [entry] = trail
    assert entry["sha256"] == hashlib.sha256(raw).hexdigest()
    assert entry["sample"] == raw[:120].decode()
    assert (entry["id"], entry["caller"], entry["status"]) == ("abc", "erp", response.status)
    assert response.status == 201


def test_unknown_route_and_request_ids():
    app = build_app([])
    response = app(Request.build("GET", "/refunds"))
    assert (response.status, response.headers["x-request-id"]) == (404, "req-1")
    assert app(Request.build("GET", "/payments/pay_9")).headers["x-request-id"] == "req-2"
