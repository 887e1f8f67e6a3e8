"""Deliver fired alerts: 'page' goes to the on-call phone, 'ticket' to the queue, with quiet-time dedupe."""

from dataclasses import dataclass, field

CHANNELS = {"page": "oncall-phone", "ticket": "ops-queue"}


@dataclass
class Router:
    quiet_seconds: int = 300
    sent: list = field(default_factory=list)
    _last: dict = field(default_factory=dict)

    def deliver(self, alerts, now):
        delivered = []
        for alert in alerts:
            if alert.action not in CHANNELS:
                raise ValueError(f"rule {alert.rule!r} uses unknown action {alert.action!r}; "
                                 f"use one of {', '.join(CHANNELS)}")
            last = self._last.get(alert.rule)
            if last is not None and now - last < self.quiet_seconds:
                continue
            self._last[alert.rule] = now
            message = f"{alert.rule}: {alert.message}" if alert.message else alert.rule
            delivered.append((CHANNELS[alert.action], message))
        self.sent.extend(delivered)
        return delivered
