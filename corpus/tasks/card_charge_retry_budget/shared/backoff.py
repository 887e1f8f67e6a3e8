"""Pauses between attempts: doubling from ``first_s`` up to ``cap_s``."""


def pause_after(attempt, first_s=0.5, cap_s=4.0):
    if attempt < 1:
        raise ValueError("attempts are counted from 1")
    return min(cap_s, first_s * 2 ** min(attempt - 1, 16))
