"""A controllable clock with the two faces of the time module: wall time and monotonic time."""


class ManualClock:
    def __init__(self, wall=1_700_000_000.0, monotonic=500.0):
        self._wall = float(wall)
        self._mono = float(monotonic)

    def time(self):
        return self._wall

    def monotonic(self):
        return self._mono

    def advance(self, seconds):
        self._wall += seconds
        self._mono += seconds

    def set_wall(self, wall):
        """NTP stepping the wall clock: monotonic time is unaffected."""
        self._wall = float(wall)
