"""The MQTT broker as a sensor sees it: down until a given time on the clock, then accepting."""


class Session:
    def __init__(self, client_id, opened_at):
        self.client_id = client_id
        self.opened_at = opened_at


class ScriptedBroker:
    def __init__(self, clock, up_at=0.0, banned=()):
        self.clock = clock
        self.up_at = up_at
        self.banned = set(banned)
        self.attempts = 0

    def connect(self, client_id):
        self.attempts += 1
        if client_id in self.banned:
            raise PermissionError(f"client {client_id!r} is not allowed on this broker")
        if self.clock.now() < self.up_at:
            raise ConnectionRefusedError(f"broker restarting (attempt {self.attempts})")
        return Session(client_id, self.clock.now())
