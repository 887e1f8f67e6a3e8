"""A day's bill from the meter's interval readings."""

from collections import OrderedDict

from bands import STANDARD, band_for
from intervals import interval_starts, label


def day_bill(kwh_per_interval, step_hours=0.1, bands=STANDARD):
    """Band name -> (kWh, cost), in tariff order, plus the total cost."""
    starts = interval_starts(len(kwh_per_interval), step_hours)
    totals = OrderedDict((band.name, [0.0, 0.0]) for band in bands)
    for start, kwh in zip(starts, kwh_per_interval):
        band = band_for(start, bands)
        totals[band.name][0] += kwh
        totals[band.name][1] += kwh * band.price
    lines = OrderedDict((name, (round(kwh, 3), round(cost, 2))) for name, (kwh, cost) in totals.items())
    return lines, round(sum(cost for _, cost in lines.values()), 2)


def peak_report(kwh_per_interval, step_hours=0.1, top=3):
    """The busiest intervals, as 'HH:MM kWh' lines."""
    starts = interval_starts(len(kwh_per_interval), step_hours)
    ranked = sorted(zip(kwh_per_interval, starts), key=lambda pair: (-pair[0], pair[1]))[:top]
    return [f"{label(start)} {kwh:.2f}" for kwh, start in ranked]
