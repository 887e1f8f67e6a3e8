"""The day plan the thermostat hub sends to each zone's valve at midnight."""

from memo import Memo


class DayPlanner:
    def __init__(self, model, clock=None):
        kwargs = {"clock": clock} if clock else {}
        self.model = model
        self.target = Memo(model.target, **kwargs)

    def plan(self, zones):
        """zone name -> 24 hourly targets."""
        return {zone.name: [self.target(zone.kind, hour, zone.offset) for hour in range(24)] for zone in zones}

    def switch_eco(self, on):
        self.model.eco = on
        self.target.clear()
