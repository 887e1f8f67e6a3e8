"""The loan desk: who has which copy, and until when."""

from dataclasses import dataclass
from datetime import timedelta

LOAN_PERIOD = timedelta(days=21)
MAX_RENEWALS = 2


class LoanError(Exception):
    pass


@dataclass
class Loan:
    copy_id: str
    card: str
    due: object
    renewals: int = 0


class LoanDesk:
    def __init__(self):
        self._loans = {}
        self._by_due = {}
        self._holds = {}

    def checkout(self, copy_id, card, today):
        if copy_id in self._loans:
            raise LoanError(f"copy {copy_id} is already on loan to {self._loans[copy_id].card}")
        loan = Loan(copy_id, card, today + LOAN_PERIOD)
        self._loans[copy_id] = loan
        self._file(loan)
        return loan

    def place_hold(self, copy_id, card):
        self._holds.setdefault(copy_id, []).append(card)

    def renew(self, copy_id, today):
        loan = self._active(copy_id)
        if self._holds.get(copy_id):
            raise LoanError(f"copy {copy_id} cannot be renewed: another member is waiting for it")
        if loan.renewals >= MAX_RENEWALS:
            raise LoanError(f"copy {copy_id} has been renewed {MAX_RENEWALS} times already")
        loan.due = max(loan.due, today) + LOAN_PERIOD
        loan.renewals += 1
        self._unfile(loan)
        self._file(loan)
        return loan

    def checkin(self, copy_id):
        loan = self._active(copy_id)
        self._unfile(loan)
        del self._loans[copy_id]
        waiting = self._holds.get(copy_id) or []
        return waiting.pop(0) if waiting else None

    def overdue(self, today):
        late = []
        for due in sorted(self._by_due):
            if due >= today:
                break
            late.extend(self._loans[copy_id] for copy_id in sorted(self._by_due[due]))
        return late

    def due_on(self, day):
        return sorted(self._by_due.get(day, ()))

    def _active(self, copy_id):
        try:
            return self._loans[copy_id]
        except KeyError:
            raise LoanError(f"copy {copy_id} is not on loan") from None

    def _file(self, loan):
        self._by_due.setdefault(loan.due, set()).add(loan.copy_id)

    def _unfile(self, loan):
        bucket = self._by_due.get(loan.due)
        if bucket is not None:
            bucket.discard(loan.copy_id)
            if not bucket:
                del self._by_due[loan.due]
