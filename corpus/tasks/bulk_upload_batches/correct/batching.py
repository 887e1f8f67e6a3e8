"""Splits a stream of rows into batches without loading the whole stream first."""

import itertools


def chunks(rows, size):
    """Successive batches of at most ``size`` rows, in order."""
    if size < 1:
        raise ValueError(f"batch size must be at least 1, got {size}")
    iterator = iter(rows)
    while True:
        # Materialise each batch: a lazy slice of the shared iterator would be drained by the
        # next batch if the caller keeps batches around before reading them.
        batch = list(itertools.islice(iterator, size))
        if not batch:
            return
        yield batch
