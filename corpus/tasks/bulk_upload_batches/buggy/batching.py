"""Splits a stream of rows into batches without loading the whole stream first."""

import itertools


def chunks(rows, size):
    """Successive batches of at most ``size`` rows, in order."""
    if size < 1:
        raise ValueError(f"batch size must be at least 1, got {size}")
    iterator = iter(rows)
    while True:
        batch = itertools.islice(iterator, size)
        try:
            first = next(batch)
        except StopIteration:
            return
        yield itertools.chain([first], batch)
