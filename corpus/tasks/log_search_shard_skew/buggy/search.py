"""One lazy stream of matching records per shard, on the shared clock.

Each host's clock is off by a known amount (measured by the time service); records are moved onto
the reference clock and labelled with the host's display name before they are merged."""

from dataclasses import replace


def shard_streams(shards, query, skew_ms=None, display_names=None):
    skew_ms = skew_ms or {}
    display_names = display_names or {}
    streams = []
    for shard in shards:
        offset = skew_ms.get(shard.host, 0)
        label = display_names.get(shard.host, shard.host)
        streams.append(
            replace(record, ts_ms=record.ts_ms - offset, host=label)
            for record in shard.scan()
            if query.matches(record)
        )
    return streams
