"""Hourly usage rollups for the customer dashboard, built from (timestamp, customer, units) events."""

from collections import defaultdict

HOUR = 3600


def hourly(events):
    buckets = defaultdict(lambda: defaultdict(int))
    for stamp, customer, units in events:
        if units <= 0:
            raise ValueError(f"event at {stamp} for {customer}: units must be positive")
        buckets[customer][stamp - stamp % HOUR] += units
    return {customer: dict(sorted(hours.items())) for customer, hours in sorted(buckets.items())}


def peak_hour(rollup, customer):
    hours = rollup.get(customer)
    if not hours:
        return None
    return max(hours.items(), key=lambda item: (item[1], -item[0]))


def replay_into(meter, events):
    """Feed historical events into a meter, e.g. after restoring from backup."""
    for _, customer, units in sorted(events):
        meter.record(customer, units)
    return meter.snapshot()
