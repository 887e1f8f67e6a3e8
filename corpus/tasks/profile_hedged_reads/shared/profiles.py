"""The profile service: cached reads, hedged across replicas when the cache has nothing."""

import asyncio
from functools import partial

from hedge import first_success


class ProfileService:
    def __init__(self, replicas, cache, hedge_after_s=0.05):
        self.replicas = list(replicas)
        self.cache = cache
        self.hedge_after_s = hedge_after_s

    async def _read_from(self, replica, user_id):
        profile = await replica.read(user_id)
        self.cache.put(user_id, profile)
        return profile

    async def get(self, user_id):
        cached = self.cache.get(user_id)
        if cached is not None:
            return cached
        starters = [partial(self._read_from, replica, user_id) for replica in self.replicas]
        return await first_success(starters, self.hedge_after_s)

    async def display_name(self, user_id):
        profile = await self.get(user_id)
        return profile.get("nickname") or profile["name"]

    async def get_many(self, user_ids):
        """Profiles for several users at once; unknown users are left out rather than failing the page."""
        unique = list(dict.fromkeys(user_ids))
        found = await asyncio.gather(*(self.get(user_id) for user_id in unique), return_exceptions=True)
        return {user_id: profile for user_id, profile in zip(unique, found) if isinstance(profile, dict)}
