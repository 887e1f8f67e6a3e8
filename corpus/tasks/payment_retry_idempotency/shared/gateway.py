"""A card gateway stand-in with the real one's awkward habits: it may charge the card and then time
out before answering. Requests carrying an idempotency key it has seen return the first result."""

from dataclasses import dataclass


class GatewayTimeout(Exception):
    pass


class CardDeclined(Exception):
    pass


@dataclass(frozen=True)
class Charge:
    id: str
    order: str
    cents: int


class FlakyGateway:
    def __init__(self, timeouts_after_charge=0, timeouts_before_charge=0, declined_cards=()):
        self.charges = []
        self._seen = {}
        self._after = timeouts_after_charge
        self._before = timeouts_before_charge
        self._declined = set(declined_cards)
        self.requests = 0

    def charge(self, order, card, cents, idempotency_key):
        self.requests += 1
        if idempotency_key in self._seen:
            return self._seen[idempotency_key]
        if self._before:
            self._before -= 1
            raise GatewayTimeout("no answer from acquirer")
        if card in self._declined:
            raise CardDeclined(f"card ending {card[-4:]} declined")
        charge = Charge(f"ch_{len(self.charges) + 1}", order, cents)
        self.charges.append(charge)
        self._seen[idempotency_key] = charge
        if self._after:
            self._after -= 1
            raise GatewayTimeout("answer lost after the card was charged")
        return charge

    def total_charged(self, order):
        return sum(c.cents for c in self.charges if c.order == order)
