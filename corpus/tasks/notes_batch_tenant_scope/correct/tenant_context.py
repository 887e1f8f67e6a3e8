"""Which tenant the code is acting for: its database schema and its plan's limits."""

PUBLIC_SCHEMA = "public"
PLAN_LIMITS = {"free": 3, "team": 50, "public": 100}


class TenantContext:
    def __init__(self):
        self.tenant = None
        self.schema = PUBLIC_SCHEMA
        self.plan = "public"
        self.activations = 0
        self._saved = []

    @property
    def note_limit(self):
        return PLAN_LIMITS[self.plan]

    def activate(self, tenant, plan):
        if plan not in PLAN_LIMITS:
            raise ValueError(f"tenant {tenant!r}: unknown plan {plan!r}; expected one of {sorted(PLAN_LIMITS)}")
        self._saved.append((self.tenant, self.schema, self.plan))
        self.tenant = tenant
        self.schema = f"t_{tenant}"
        self.plan = plan
        self.activations += 1

    def deactivate(self):
        if not self._saved:
            raise RuntimeError("deactivate() called without a matching activate()")
        self.tenant, self.schema, self.plan = self._saved.pop()

    def describe(self):
        return f"tenant={self.tenant or '-'} schema={self.schema} plan={self.plan}"
