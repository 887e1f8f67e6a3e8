from flags import Rollout


class FlagAdmin:
    """What the admin console calls."""

    def __init__(self, store):
        self.store = store
        self.audit = []

    def set_rollout(self, env, name, enabled, percent=100):
        if not 0 <= percent <= 100:
            raise ValueError(f"percent must be within 0..100, got {percent}")
        self.store.write(env, name.strip(), Rollout(enabled, percent))
        self.audit.append((env, name, enabled, percent))

    def kill(self, env, name):
        self.set_rollout(env, name, False, 0)
