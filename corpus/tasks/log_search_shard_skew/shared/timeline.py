"""The incident timeline: matching records from every shard, merged by time, one page at a time."""

import heapq
import itertools

from search import shard_streams


def timeline(shards, query, skew_ms=None, display_names=None, limit=None):
    merged = heapq.merge(*shard_streams(shards, query, skew_ms, display_names), key=lambda r: r.ts_ms)
    return list(itertools.islice(merged, limit))


def clock(ts_ms):
    seconds, ms = divmod(ts_ms, 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours:02d}:{minutes:02d}:{seconds:02d}.{ms:03d}"


def render(records):
    return [f"{clock(r.ts_ms)} [{r.host}] {r.level} {r.message}" for r in records]


def first_error_by_host(records):
    firsts = {}
    for record in records:
        if record.level == "ERROR":
            firsts.setdefault(record.host, clock(record.ts_ms))
    return firsts
