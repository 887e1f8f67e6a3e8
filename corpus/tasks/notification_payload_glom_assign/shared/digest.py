"""Delivery digest and suppression: who must not be contacted, and what went out today."""

import json
from collections import Counter


class Suppressions:
    def __init__(self, emails=()):
        self._emails = {e.lower() for e in emails}

    def add(self, email):
        self._emails.add(email.lower())

    def allowed(self, payload):
        return payload["recipient"]["email"].lower() not in self._emails

    def filter(self, payloads):
        kept, dropped = [], []
        for payload in payloads:
            (kept if self.allowed(payload) else dropped).append(payload)
        return kept, [p["recipient"]["email"] for p in dropped]


def digest(serialized):
    """Counts per (channel, template) and the distinct recipients, from drained outbox lines."""
    payloads = [json.loads(line) for line in serialized]
    per_template = Counter((p["channel"], p["template_id"]) for p in payloads)
    return {"sent": len(payloads),
            "per_template": {f"{channel}:{template}": n for (channel, template), n in sorted(per_template.items())},
            "recipients": sorted({p["recipient"]["email"] for p in payloads})}
