"""Alarms: a zone out of its limits for several polls in a row raises an alarm; it clears only once
the reading is back inside the limits by a margin (hysteresis), so alarms do not flap."""

from dataclasses import dataclass, field


@dataclass
class AlarmState:
    active: bool = False
    strikes: int = 0
    history: list = field(default_factory=list)


class AlarmPanel:
    def __init__(self, site, strikes_to_raise=3, margin=1.0):
        self._zones = {zone.name: zone for zone in site.zones}
        self._strikes = strikes_to_raise
        self._margin = margin
        self._state = {name: AlarmState() for name in self._zones}

    def feed(self, poll, zone_name, temperature):
        zone, state = self._zones[zone_name], self._state[zone_name]
        limits = zone.temperature
        outside = not limits.contains(temperature)
        well_inside = limits.low + self._margin <= temperature <= limits.high - self._margin
        if outside:
            state.strikes += 1
            if not state.active and state.strikes >= self._strikes:
                state.active = True
                state.history.append((poll, "raised", temperature))
        else:
            state.strikes = 0
            if state.active and well_inside:
                state.active = False
                state.history.append((poll, "cleared", temperature))
        return state.active

    def active(self):
        return sorted(name for name, state in self._state.items() if state.active)

    def history(self, zone_name):
        return list(self._state[zone_name].history)
