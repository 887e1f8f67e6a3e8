from dataclasses import dataclass

import cache


@dataclass(frozen=True)
class Profile:
    id: int
    name: str
    plan: str


class ProfileRepository:
    def __init__(self, store, ttl=100):
        self.store = store
        self._cache = cache.namespace(self.cache_name(), ttl)

    def cache_name(self):
        return f"profiles:{type(self).__name__}"

    def get(self, user_id):
        hit = self._cache.get(user_id)
        if hit is not None:
            return hit
        row = self.store.fetch(user_id)
        if row is None:
            raise LookupError(f"no user {user_id} in tenant {self.store.tenant!r}")
        profile = Profile(row["id"], row["name"], row["plan"])
        self._cache.put(user_id, profile)
        return profile

    def change_plan(self, user_id, plan):
        self.store.update(user_id, plan=plan)
        self._cache.drop(user_id)
        return self.get(user_id)


def plan_report(repository, user_ids):
    counts = {}
    for user_id in user_ids:
        plan = repository.get(user_id).plan
        counts[plan] = counts.get(plan, 0) + 1
    return dict(sorted(counts.items()))
