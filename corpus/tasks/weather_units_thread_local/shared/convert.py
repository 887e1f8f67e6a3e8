"""Unit conversions and formatting of weather readings (stored in SI-ish base units)."""

CONVERTERS = {
    "temperature": {"C": lambda c: c, "F": lambda c: c * 9 / 5 + 32, "K": lambda c: c + 273.15},
    "wind": {"km/h": lambda ms: ms * 3.6, "mph": lambda ms: ms * 2.236936, "m/s": lambda ms: ms},
    "pressure": {"hPa": lambda hpa: hpa, "inHg": lambda hpa: hpa * 0.0295300},
}
SYMBOLS = {"C": "°C", "F": "°F", "K": "K"}


def convert(quantity, value, unit):
    try:
        return CONVERTERS[quantity][unit](value)
    except KeyError:
        raise ValueError(f"cannot show {quantity} in {unit!r}") from None


def render_reading(prefs, reading):
    """One line for a station reading in the preferences of the current request."""
    digits = prefs.get("precision")
    temp_unit, wind_unit, pressure_unit = prefs.get("temperature"), prefs.get("wind"), prefs.get("pressure")
    temp = convert("temperature", reading["temp_c"], temp_unit)
    wind = convert("wind", reading["wind_ms"], wind_unit)
    pressure = convert("pressure", reading["pressure_hpa"], pressure_unit)
    return (f"{reading['station']}: {temp:.{digits}f}{SYMBOLS[temp_unit]}, wind {wind:.{digits}f} {wind_unit}, "
            f"{pressure:.{digits + (2 if pressure_unit == 'inHg' else 0)}f} {pressure_unit}")
