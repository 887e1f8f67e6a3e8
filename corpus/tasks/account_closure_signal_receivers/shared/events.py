"""The account service's signals (blinker), one set per service instance."""

from blinker import Signal


class AccountEvents:
    def __init__(self):
        self.opened = Signal("account-opened")
        self.closed = Signal("account-closed")
        self.plan_changed = Signal("plan-changed")

    def receiver_counts(self):
        return {name: len(signal.receivers) for name, signal in
                (("opened", self.opened), ("closed", self.closed), ("plan_changed", self.plan_changed))}
