"""Parse line-range specs such as "3-5,10,12-" (1-based, inclusive; "12-" runs to the end)."""


class RangeSpecError(ValueError):
    pass


def parse_spec(spec, last_line):
    ranges = []
    for part in spec.split(","):
        part = part.strip()
        if not part:
            continue
        lo, sep, hi = part.partition("-")
        try:
            start = int(lo)
            end = (int(hi) if hi else last_line) if sep else start
        except ValueError:
            raise RangeSpecError(f"bad range {part!r} in {spec!r}: use N, N-M or N-") from None
        if start < 1 or end < start:
            raise RangeSpecError(f"bad range {part!r} in {spec!r}: lines start at 1 and run forward")
        ranges.append((start, min(end, last_line)))
    return merge(ranges)


def merge(ranges):
    merged = []
    for start, end in sorted(ranges):
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged
