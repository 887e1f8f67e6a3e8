"""HTTP Range requests (RFC 9110): 'bytes=0-499', 'bytes=500-', 'bytes=-200', or several at once."""

from dataclasses import dataclass


class RangeNotSatisfiable(ValueError):
    pass


@dataclass(frozen=True)
class ByteRange:
    first: int
    last: int

    @property
    def length(self):
        return self.last - self.first


def parse_ranges(header, size):
    unit, _, spec = header.partition("=")
    if unit.strip() != "bytes" or not spec.strip():
        raise ValueError(f"unsupported Range header {header!r}; expected 'bytes=first-last'")
    ranges = []
    for part in spec.split(","):
        first, dash, last = part.strip().partition("-")
        if not dash or not (first or last) or not (first or "0").isdigit() or not (last or "0").isdigit():
            raise ValueError(f"malformed range {part.strip()!r} in {header!r}")
        if not first:
            ranges.append(ByteRange(max(size - int(last), 0), size))
        elif int(first) < size:
            end = min(int(last), size) if last else size
            if end < int(first):
                raise ValueError(f"range {part.strip()!r} ends before it starts")
            ranges.append(ByteRange(int(first), end))
    if not ranges:
        raise RangeNotSatisfiable(f"no part of {header!r} lies within the {size} bytes")
    return coalesce(ranges)


def coalesce(ranges):
    """Overlapping or touching ranges are merged, in ascending order."""
    merged = []
    for current in sorted(ranges, key=lambda r: r.first):
        if merged and current.first <= merged[-1].last:
            merged[-1] = ByteRange(merged[-1].first, max(merged[-1].last, current.last))
        else:
            merged.append(current)
    return merged


def body_of(data, byte_range):
    return data[byte_range.first:byte_range.last]
