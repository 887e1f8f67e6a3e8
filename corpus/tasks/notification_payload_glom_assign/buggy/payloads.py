"""Payload building: a template's fixed parts plus this notification's values (glom paths)."""

import itertools

from glom import assign


class PayloadBuilder:
    def __init__(self, book):
        self._book = book
        self._ids = itertools.count(1)

    def build(self, event, customer, **data):
        payload = dict(self._book.template(event))
        assign(payload, "recipient.email", customer["email"], missing=dict)
        assign(payload, "recipient.name", customer["name"], missing=dict)
        if customer.get("locale"):
            assign(payload, "recipient.locale", customer["locale"], missing=dict)
        for key, value in sorted(data.items()):
            assign(payload, f"data.{key}", value, missing=dict)
        assign(payload, "meta.id", f"n-{next(self._ids)}", missing=dict)
        return payload

    def fan_out(self, event, customers, **data):
        """One payload per customer for a broadcast (same data for everyone)."""
        base = self.build(event, customers[0], **data)
        payloads = []
        for customer in customers:
            payload = dict(base)
            assign(payload, "recipient.email", customer["email"], missing=dict)
            assign(payload, "recipient.name", customer["name"], missing=dict)
            assign(payload, "meta.id", f"n-{next(self._ids)}", missing=dict)
            payloads.append(payload)
        return payloads
