"""Subscribers that react to account signals: audit entries, e-mails, billing."""


def log_plan_change(sender, account, old):
    sender.last_plan_change = (account.id, old, account.plan)


class AuditSubscriber:
    def __init__(self, trail):
        self.trail = trail

    def on_opened(self, sender, account):
        self.trail.record("opened", account.id, account.plan)

    def on_closed(self, sender, account, reason):
        self.trail.record("closed", account.id, reason)


class EmailSubscriber:
    def __init__(self, mailer):
        self.mailer = mailer

    def on_opened(self, sender, account):
        self.mailer.send(account.email, "Welcome aboard")

    def on_closed(self, sender, account, reason):
        self.mailer.send(account.email, "Your account has been closed")


class Wiring:
    """Holds the subscriber objects: blinker keeps only weak references to bound-method receivers."""

    def __init__(self, events, subscribers):
        self.events = events
        self.subscribers = subscribers

    def disconnect(self):
        for signal in (self.events.opened, self.events.closed, self.events.plan_changed):
            for subscriber in self.subscribers:
                for name in ("on_opened", "on_closed", "on_plan_changed"):
                    if hasattr(subscriber, name):
                        signal.disconnect(getattr(subscriber, name))


class BillingSubscriber:
    def __init__(self, billing):
        self.billing = billing

    def on_plan_changed(self, sender, account, old):
        self.billing.reprice(account.id, account.plan)

    def on_closed(self, sender, account, reason):
        self.billing.cancel(account.id)


def wire(events, trail, mailer, billing=None):
    """Connect the standard subscribers to a service's events."""
    audit = AuditSubscriber(trail)
    events.opened.connect(audit.on_opened)
    events.closed.connect(audit.on_closed)
    email = EmailSubscriber(mailer)
    events.opened.connect(email.on_opened)
    events.closed.connect(email.on_closed)
    events.plan_changed.connect(log_plan_change)
    if billing is not None:
        invoices = BillingSubscriber(billing)
        events.plan_changed.connect(invoices.on_plan_changed)
        events.closed.connect(invoices.on_closed)
    events.wiring = Wiring(events, [audit, email] + ([invoices] if billing is not None else []))
    return events
