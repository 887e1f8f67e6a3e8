"""The manual review queue: alerts no template understood, waiting for a clerk."""

from collections import Counter
from decimal import Decimal, InvalidOperation


class ReviewQueue:
    def __init__(self, unparsed):
        self._open = list(unparsed)
        self.resolved = []

    def __len__(self):
        return len(self._open)

    def by_bank(self):
        return dict(sorted(Counter(bank for bank, _ in self._open).items()))

    def peek(self):
        return self._open[0] if self._open else None

    def resolve(self, payer, currency, amount, date):
        """The clerk types in what the first open alert says; it becomes a credit."""
        if not self._open:
            raise LookupError("the review queue is empty")
        try:
            value = Decimal(amount).quantize(Decimal("0.01"))
        except InvalidOperation:
            raise ValueError(f"amount {amount!r} is not a number") from None
        bank, text = self._open.pop(0)
        credit = {"bank": bank, "payer": payer, "currency": currency.upper(), "amount": value,
                  "date": date, "reference": None, "source": text}
        self.resolved.append(credit)
        return credit

    def skip(self):
        """Move the first open alert to the back of the queue."""
        if self._open:
            self._open.append(self._open.pop(0))
