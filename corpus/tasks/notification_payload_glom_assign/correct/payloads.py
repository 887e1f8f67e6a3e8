"""Payload building: a template's fixed parts plus this notification's values (glom paths)."""

import copy
import itertools

from glom import assign


class PayloadBuilder:
    def __init__(self, book):
        self._book = book
        self._ids = itertools.count(1)

    def build(self, event, customer, **data):
        # assign() writes into nested dicts in place: start from a deep copy, never the template.
        payload = copy.deepcopy(self._book.template(event))
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
        # Built one by one from the template, so no two payloads share a nested dict.
        return [self.build(event, customer, **data) for customer in customers]
