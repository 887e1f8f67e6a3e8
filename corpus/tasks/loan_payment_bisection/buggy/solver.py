"""Root finding by bisection: robust for the monotone money functions the quote engine solves."""


class SolverError(ValueError):
    pass


def bisect(f, lo, hi, tol=1e-12):
    """A root of ``f`` between ``lo`` and ``hi`` (f must change sign), to within ``tol``."""
    if lo >= hi:
        raise SolverError(f"the bracket must have lo < hi, got [{lo}, {hi}]")
    f_lo, f_hi = f(lo), f(hi)
    if f_lo == 0:
        return lo
    if f_hi == 0:
        return hi
    if (f_lo < 0) == (f_hi < 0):
        raise SolverError(f"no sign change between {lo} and {hi}; widen the bracket")
    while hi - lo > tol:
        mid = (lo + hi) / 2
        f_mid = f(mid)
        if f_mid == 0:
            return mid
        if (f_mid < 0) == (f_lo < 0):
            lo, f_lo = mid, f_mid
        else:
            hi = mid
    return (lo + hi) / 2
