"""The payments API: routes, validation, and the middleware stack around them."""

from middleware import AuditMiddleware, BodyLimitMiddleware, RequestIdMiddleware
from web import HttpError, Response, json_body

CURRENCIES = {"EUR", "GBP", "USD"}


def validate_payment(data, where="body"):
    if not isinstance(data, dict):
        raise HttpError(422, f"{where}: expected a JSON object")
    for name in ("amount_cents", "currency", "reference"):
        if name not in data:
            raise HttpError(422, f"{where}: missing field {name!r}")
    if not isinstance(data["amount_cents"], int) or data["amount_cents"] <= 0:
        raise HttpError(422, f"{where}.amount_cents: must be a positive integer")
    if data["currency"] not in CURRENCIES:
        raise HttpError(422, f"{where}.currency: {data['currency']!r} is not one of {sorted(CURRENCIES)}")
    return {"amount_cents": data["amount_cents"], "currency": data["currency"],
            "reference": str(data["reference"]), "memo": str(data.get("memo", ""))}


class PaymentsApi:
    def __init__(self):
        self.payments = {}

    def __call__(self, request):
        if request.method == "POST" and request.path == "/payments":
            return self.create(request)
        if request.method == "POST" and request.path == "/payments/batch":
            return self.create_batch(request)
        if request.method == "GET" and request.path.startswith("/payments/"):
            return self.show(request.path.rsplit("/", 1)[1])
        raise HttpError(404, f"no route for {request.method} {request.path}")

    def create(self, request):
        payment = validate_payment(json_body(request))
        return Response(201, {"id": self._store(payment), **payment})

    def create_batch(self, request):
        data = json_body(request)
        items = data.get("payments") if isinstance(data, dict) else None
        if not isinstance(items, list) or not items:
            raise HttpError(422, "body.payments: expected a non-empty list")
        checked = [validate_payment(item, f"body.payments[{i}]") for i, item in enumerate(items)]
        return Response(201, {"ids": [self._store(p) for p in checked]})

    def show(self, payment_id):
        if payment_id not in self.payments:
            raise HttpError(404, f"no payment {payment_id!r}")
        return Response(200, {"id": payment_id, **self.payments[payment_id]})

    def _store(self, payment):
        payment_id = f"pay_{len(self.payments) + 1}"
        self.payments[payment_id] = payment
        return payment_id


def error_responses(app):
    def handle(request):
        try:
            return app(request)
        except HttpError as exc:
            return Response(exc.status, {"error": exc.message})

    return handle


def build_app(trail, api=None):
    api = api or PaymentsApi()
    return RequestIdMiddleware(AuditMiddleware(error_responses(BodyLimitMiddleware(api)), trail))
