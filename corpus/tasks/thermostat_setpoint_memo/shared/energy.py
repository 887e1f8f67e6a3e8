"""Expected heating energy for a planned day, from the outdoor forecast."""

LOSS_W_PER_M2_K = 1.6


def heating_kwh(plan, zones, outdoor):
    """outdoor: 24 hourly forecast temperatures. Returns zone name -> kWh, rounded to 0.1."""
    if len(outdoor) != 24:
        raise ValueError(f"the forecast must have 24 hourly values, got {len(outdoor)}")
    by_name = {zone.name: zone for zone in zones}
    result = {}
    for name, targets in plan.items():
        area = by_name[name].area_m2
        watts = [max(0.0, target - out) * area * LOSS_W_PER_M2_K for target, out in zip(targets, outdoor)]
        result[name] = round(sum(watts) / 1000, 1)
    return result
