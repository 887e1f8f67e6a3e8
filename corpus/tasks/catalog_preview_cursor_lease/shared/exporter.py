"""Streaming a table out under its export lease."""


def export_rows(store, leases, table, holder, after=None):
    """Rows of ``table`` in key order; the lease is held while the scan is open."""
    lease = leases.acquire(table, holder)
    try:
        for row in store.scan(table, after):
            yield row
    finally:
        leases.release(lease)
