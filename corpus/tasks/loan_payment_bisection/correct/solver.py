"""Root finding by bisection: robust for the monotone money functions the quote engine solves."""

MAX_STEPS = 400


class SolverError(ValueError):
    pass


def bisect(f, lo, hi, tol=1e-12):
    """A root of ``f`` between ``lo`` and ``hi`` (f must change sign), to within ``tol``, taken
    relative to the root's size once that exceeds 1."""
    if lo >= hi:
        raise SolverError(f"the bracket must have lo < hi, got [{lo}, {hi}]")
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo
    if f_hi == 0:
        return hi
    if (f_lo < 0) == (f_hi < 0):
        raise SolverError(f"no sign change between {lo} and {hi}; widen the bracket")
    for _ in range(MAX_STEPS):
        mid = (lo + hi) / 2
        # Large values have float spacing wider than tol: stop when the bracket cannot shrink.
        if mid in (lo, hi) or hi - lo <= tol * max(1.0, abs(mid)):
            return mid
        f_mid = f(mid)
        if f_mid == 0:
            return mid
        if (f_mid < 0) == (f_lo < 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    raise SolverError(f"no convergence after {MAX_STEPS} halvings between {lo} and {hi}")
