"""Checkout's last step: an order ships only to a verified address; otherwise a person checks it."""

from dataclasses import dataclass

from verification import Unverified


@dataclass(frozen=True)
class Decision:
    order_id: str
    status: str
    address: str
    note: str = ""


def label(verified):
    return f"{verified.street}\n{verified.postcode} {verified.city}"


def place(order_id, address, verifier):
    try:
        verified = verifier.verify(address)
    except Unverified as exc:
        return Decision(order_id, "manual review", address.strip(), f"address not verified: {exc}")
    return Decision(order_id, "ready to ship", label(verified), f"verified by {verified.provider}")


def review_queue(decisions):
    return [d.order_id for d in decisions if d.status == "manual review"]
