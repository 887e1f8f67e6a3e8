"""Turn a reply frame from the pricing service into per-request outcomes."""

from dataclasses import dataclass
from decimal import Decimal

import wire


class QuoteError(Exception):
    pass


@dataclass(frozen=True)
class Quote:
    sku: str
    qty: int
    unit: Decimal
    total: Decimal


def parse_reply(frame):
    """request id -> Quote, or QuoteError for a request the service refused."""
    payload = wire.decode(frame)
    outcomes = {}
    for request_id, entry in payload.get("quotes", {}).items():
        try:
            outcomes[request_id] = Quote(entry["sku"], entry["qty"], Decimal(entry["unit"]), Decimal(entry["total"]))
        except (KeyError, TypeError, ArithmeticError) as exc:
            outcomes[request_id] = QuoteError(f"malformed quote {entry!r}: {exc!r}")
    for request_id, message in payload.get("errors", {}).items():
        outcomes[request_id] = QuoteError(message)
    return outcomes
