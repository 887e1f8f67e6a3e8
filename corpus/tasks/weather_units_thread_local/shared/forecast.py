"""Multi-day forecast summaries: daily high/low and wind warnings, in the request's units."""

from convert import SYMBOLS, convert

GALE_MS = 17.2


def daily_extremes(hourly):
    """{day: (low_c, high_c)} from (day, hour, temp_c) rows."""
    days = {}
    for day, _hour, temp_c in hourly:
        low, high = days.get(day, (temp_c, temp_c))
        days[day] = (min(low, temp_c), max(high, temp_c))
    return dict(sorted(days.items()))


def summarize(prefs, hourly, gusts):
    unit = prefs.get("temperature")
    digits = prefs.get("precision")
    lines = []
    for day, (low, high) in daily_extremes(hourly).items():
        lo = convert("temperature", low, unit)
        hi = convert("temperature", high, unit)
        line = f"{day}: {lo:.{digits}f}..{hi:.{digits}f}{SYMBOLS[unit]}"
        peak = max((g for d, g in gusts if d == day), default=0.0)
        if peak >= GALE_MS:
            wind_unit = prefs.get("wind")
            line += f" gale warning ({convert('wind', peak, wind_unit):.0f} {wind_unit})"
        lines.append(line)
    return lines
