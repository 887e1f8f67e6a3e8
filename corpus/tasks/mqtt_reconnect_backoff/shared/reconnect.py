"""A sensor's connection loop: try, wait as the backoff says, try again."""


class GaveUp(Exception):
    pass


class Reconnector:
    def __init__(self, client_id, broker, clock, backoff):
        self.client_id = client_id
        self.broker = broker
        self.clock = clock
        self.backoff = backoff
        self.waits = []
        self.log = []

    def connect(self, give_up_after=None):
        """Try until the broker accepts (or ``give_up_after`` attempts have failed); returns the session."""
        attempt = 0
        while True:
            try:
                session = self.broker.connect(self.client_id)
            except ConnectionRefusedError as exc:
                self.log.append(("refused", round(self.clock.now(), 3), str(exc)))
            else:
                self.log.append(("connected", round(self.clock.now(), 3), attempt))
                return session
            attempt += 1
            if give_up_after is not None and attempt >= give_up_after:
                raise GaveUp(f"{self.client_id}: broker still refusing after {attempt} attempts")
            wait = self.backoff.delay(attempt - 1)
            self.waits.append(wait)
            self.clock.sleep(wait)

    def status(self):
        if not self.log:
            return "not started"
        kind, at, detail = self.log[-1]
        if kind == "connected":
            return f"connected at {at:g}s after {detail} failed attempts"
        return f"reconnecting: last refusal at {at:g}s, waited {sum(self.waits):g}s so far"
