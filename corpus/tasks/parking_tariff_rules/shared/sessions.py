"""Parking sessions at the pay station and the exit barrier."""

from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal

from tariff import charge

EXIT_GRACE = timedelta(minutes=15)
LOST_TICKET = Decimal("30.00")


@dataclass
class Session:
    plate: str
    entry: object
    payments: list = field(default_factory=list)   # (paid_at, amount)

    @property
    def paid_until(self):
        return self.payments[-1][0] if self.payments else None

    def amount_due(self, now):
        """What the pay station asks for: the tariff from entry, or from the last payment once the
        exit grace period after it has run out."""
        if self.paid_until is None:
            return charge(self.entry, now)
        if now - self.paid_until <= EXIT_GRACE:
            return Decimal("0.00")
        return charge(self.paid_until, now)

    def pay(self, now, lost_ticket=False):
        amount = LOST_TICKET if lost_ticket else self.amount_due(now)
        self.payments.append((now, amount))
        return amount

    def barrier_opens(self, now):
        if self.paid_until is None:
            return self.amount_due(now) == 0
        return now - self.paid_until <= EXIT_GRACE

    def receipt(self):
        lines = [f"Plate {self.plate}, entered {self.entry:%d/%m %H:%M}"]
        lines += [f"  paid {amount:>6} at {when:%d/%m %H:%M}" for when, amount in self.payments]
        lines.append(f"  total {sum((a for _, a in self.payments), Decimal('0')):>5}")
        return lines
