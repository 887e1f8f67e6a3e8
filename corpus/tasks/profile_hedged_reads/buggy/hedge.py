"""Hedged requests: ask one replica; if it is slow, also ask the next; take the first good answer."""

import asyncio


class AllReplicasFailed(Exception):
    def __init__(self, errors):
        super().__init__("; ".join(f"{type(e).__name__}: {e}" for e in errors) or "no replica to ask")
        self.errors = errors


async def first_success(starters, hedge_after_s):
    """``starters`` are zero-argument coroutine functions, tried in order, ``hedge_after_s`` apart
    (or at once when the previous one fails)."""
    waiting = list(starters)
    pending = set()
    errors = []
    while waiting or pending:
        if waiting:
            pending.add(asyncio.ensure_future(waiting.pop(0)()))
        done, pending = await asyncio.wait(pending, timeout=hedge_after_s if waiting else None,
                                           return_when=asyncio.FIRST_COMPLETED)
        for task in sorted(done, key=lambda t: t.get_name()):
            if task.exception() is None:
                return task.result()
            errors.append(task.exception())
    raise AllReplicasFailed(errors)
