"""Which tenant the code is acting for: its database schema and its plan's limits."""

PUBLIC_SCHEMA = "public"
PLAN_LIMITS = {"free": 3, "team": 50, "public": 100}


class TenantContext:
    def __init__(self):
        self.activations = 0
        self._reset()

    def _reset(self):
        self.tenant = None
        self.schema = PUBLIC_SCHEMA
        self.plan = "public"

    @property
    def note_limit(self):
        return PLAN_LIMITS[self.plan]

    def activate(self, tenant, plan):
        if plan not in PLAN_LIMITS:
            raise ValueError(f"tenant {tenant!r}: unknown plan {plan!r}; expected one of {sorted(PLAN_LIMITS)}")
        self.tenant = tenant
        self.schema = f"t_{tenant}"
        self.plan = plan
        self.activations += 1

    def deactivate(self):
        self._reset()

    def describe(self):
        return f"tenant={self.tenant or '-'} schema={self.schema} plan={self.plan}"
