"""Where subscribers write: an audit trail and an e-mail outbox (in memory here)."""


class AuditTrail:
    def __init__(self):
        self.entries = []

    def record(self, kind, account_id, detail=""):
        self.entries.append((kind, account_id, detail))


class Mailer:
    def __init__(self):
        self.sent = []

    def send(self, to, subject):
        self.sent.append((to, subject))


class Billing:
    PRICES = {"free": 0, "team": 49, "business": 199}

    def __init__(self):
        self.subscriptions = {}
        self.cancelled = []

    def reprice(self, account_id, plan):
        self.subscriptions[account_id] = self.PRICES[plan]

    def cancel(self, account_id):
        if self.subscriptions.pop(account_id, None) is not None:
            self.cancelled.append(account_id)
