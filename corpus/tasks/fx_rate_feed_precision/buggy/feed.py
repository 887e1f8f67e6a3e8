"""Parse the daily exchange-rate feed: {"base": "USD", "date": "...", "rates": {"EUR": "0.9", ...}}."""

import json


class FeedError(ValueError):
    pass


def parse_feed(text):
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FeedError(f"rate feed is not valid JSON: {exc}") from None
    for key in ("base", "date", "rates"):
        if key not in doc:
            raise FeedError(f"rate feed has no {key!r} field")
    rates = {}
    for currency, rate in doc["rates"].items():
        if isinstance(rate, str):
            rate = json.loads(rate)
        if not isinstance(rate, (int, float)) or rate <= 0:
            raise FeedError(f"rate for {currency} must be a positive number, got {rate!r}")
        rates[currency.upper()] = rate
    rates[doc["base"].upper()] = 1
    return doc["base"].upper(), rates
