"""The services of the settings app: a database, a write-behind cache, an outbox of e-mails and
the mailer that drains it."""


class ConnectionClosed(Exception):
    pass


class Database:
    def __init__(self, disk):
        self.disk = disk  # survives restarts: table -> {key: value}
        self.closed = False

    def write(self, table, key, value):
        if self.closed:
            raise ConnectionClosed(f"database is closed; cannot write {table}/{key}")
        self.disk.setdefault(table, {})[key] = value

    def read(self, table, key, default=None):
        if self.closed:
            raise ConnectionClosed(f"database is closed; cannot read {table}/{key}")
        return self.disk.get(table, {}).get(key, default)

    def close(self):
        self.closed = True


class SettingsCache:
    """Reads through to the database; writes are kept and written back in one go at close."""

    def __init__(self, db):
        self.db = db
        self.values = {}
        self.dirty = set()
        self.unsaved = []

    def get(self, key, default=None):
        if key not in self.values:
            self.values[key] = self.db.read("settings", key, default)
        return self.values[key]

    def set(self, key, value):
        self.values[key] = value
        self.dirty.add(key)

    def close(self):
        """Write back what changed. Shutdown must go on even if the database is gone already: what
        could not be written is listed in ``unsaved`` for the operator."""
        for key in sorted(self.dirty):
            try:
                self.db.write("settings", key, self.values[key])
            except ConnectionClosed:
                self.unsaved.append(key)
        self.dirty.clear()


class Outbox:
    def __init__(self, db):
        self.db = db
        self.pending = []

    def put(self, message):
        self.pending.append(message)

    def close(self):
        stored = self.db.read("outbox", "pending", [])
        self.db.write("outbox", "pending", stored + self.pending)
        self.pending = []


class Mailer:
    def __init__(self, outbox, settings):
        self.outbox = outbox
        self.settings = settings
        self.sent = []

    def notify(self, user, text):
        if self.settings.get(f"mute:{user}", False):
            return False
        self.outbox.put(f"to {user}: {text}")
        return True

    def close(self):
        self.outbox.put("to ops: mailer stopped")
