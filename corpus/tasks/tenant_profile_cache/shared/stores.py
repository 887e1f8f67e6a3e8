"""In-memory stand-ins for each tenant's profile database, counting reads."""


class ProfileStore:
    def __init__(self, tenant, rows):
        self.tenant = tenant
        self.rows = {row["id"]: dict(row) for row in rows}
        self.reads = 0

    def fetch(self, user_id):
        self.reads += 1
        row = self.rows.get(user_id)
        return dict(row) if row else None

    def update(self, user_id, **fields):
        self.rows[user_id].update(fields)
