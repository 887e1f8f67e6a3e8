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


def _request_id(key):
    # JSON object keys are always strings; the batcher numbers its requests with ints.
    try:
        return int(key)
    except ValueError:
        raise wire.ProtocolError(f"reply names request {key!r}, which is not a request number") from None


def parse_reply(frame):
    """request id -> Quote, or QuoteError for a request the service refused."""
    payload = wire.decode(frame)
    outcomes = {}
    for key, entry in payload.get("quotes", {}).items():
        request_id = _request_id(key)
        try:
            outcomes[request_id] = Quote(entry["sku"], entry["qty"], Decimal(entry["unit"]), Decimal(entry["total"]))
        except (KeyError, TypeError, ArithmeticError) as exc:
            outcomes[request_id] = QuoteError(f"malformed quote {entry!r}: {exc!r}")
    for key, message in payload.get("errors", {}).items():
        outcomes[_request_id(key)] = QuoteError(message)
    return outcomes
