"""Incoming bank transfers, read from the bank's CSV export ("ref,payer,amount")."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Transfer:
    ref: str
    payer: str
    amount: float


class FeedError(ValueError):
    pass


def read_transfers(text):
    transfers = []
    for lineno, line in enumerate(text.strip().splitlines(), start=1):
        parts = [p.strip() for p in line.split(",")]
        if len(parts) != 3:
            raise FeedError(f"transfer line {lineno}: expected 'ref,payer,amount', got {line!r}")
        ref, payer, amount = parts
        try:
            transfers.append(Transfer(ref, payer, float(amount)))
        except ValueError:
            raise FeedError(f"transfer line {lineno}: amount {amount!r} is not a number") from None
    return transfers
