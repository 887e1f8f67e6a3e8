"""The control loop's decisions for one reading of a zone."""


def decide(zone, temperature, humidity):
    """Actions for the zone: open or close vents, heat, mist."""
    actions = []
    if temperature > zone.temperature.high:
        actions.append(f"open {zone.vents} vents")
    elif temperature < zone.temperature.low:
        actions.append("heat")
    if humidity < zone.humidity.low:
        actions.append("mist")
    elif humidity > zone.humidity.high and not actions:
        actions.append(f"open {max(1, zone.vents // 2)} vents")
    return actions or ["hold"]


def plan(site, readings):
    """readings: {zone name: (temperature, humidity)} -> {zone name: actions}."""
    zones = {zone.name: zone for zone in site.zones}
    unknown = sorted(set(readings) - set(zones))
    if unknown:
        raise KeyError(f"readings for unknown zone(s) {', '.join(unknown)} at {site.site}")
    return {name: decide(zones[name], *reading) for name, reading in sorted(readings.items())}


def describe(site):
    lines = [f"{site.site} (poll every {site.poll_seconds} s)"]
    for zone in site.zones:
        t, h = zone.temperature, zone.humidity
        lines.append(f"  {zone.name}: {t.low:g}-{t.high:g} C, {h.low:g}-{h.high:g} % RH, {zone.vents} vents")
    return lines
