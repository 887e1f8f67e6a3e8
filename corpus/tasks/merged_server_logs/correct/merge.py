"""Merge per-server logs (each already in time order) into one timeline."""

import heapq


def merge_logs(*logs):
    return list(heapq.merge(*logs, key=lambda record: record.sort_key))


def render(records):
    return [f"{r.stamp:>8} {r.source:<4} {r.level:<5} {r.message}" for r in records]
