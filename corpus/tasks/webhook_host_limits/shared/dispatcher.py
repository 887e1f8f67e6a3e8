"""Delivers webhook events to the receivers customers registered."""

import asyncio
from dataclasses import dataclass

from urls import origin


@dataclass(frozen=True)
class Hook:
    url: str
    event: str
    payload: dict


class Dispatcher:
    def __init__(self, receiver, limiter):
        self.receiver = receiver
        self.limiter = limiter
        self.outcomes = {}
        self.deferred = []

    async def deliver(self, hook):
        origin(hook.url)  # refuse malformed targets before queueing anything
        if self.limiter.paused_for(hook.url) > 0:
            self.deferred.append(hook)
            return "deferred"
        async with self.limiter.slot(hook.url):
            status, headers = await self.receiver.post(hook.url, {"event": hook.event, **hook.payload})
        if status == 429:
            self.limiter.pause(hook.url, float(headers.get("Retry-After", 30)))
            self.deferred.append(hook)
            return "deferred"
        outcome = "delivered" if 200 <= status < 300 else f"failed ({status})"
        self.outcomes[(hook.url, hook.event)] = outcome
        return outcome

    async def deliver_all(self, hooks):
        return await asyncio.gather(*(self.deliver(hook) for hook in hooks))
