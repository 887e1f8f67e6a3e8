"""Public holidays for the support desk's calendar (fixed-date ones plus Easter-based ones)."""

from datetime import date, timedelta

FIXED = {"new_year": (1, 1), "labour_day": (5, 1), "christmas": (12, 25), "boxing_day": (12, 26)}


def easter_sunday(year):
    """Anonymous Gregorian algorithm (Meeus/Jones/Butcher)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l = (32 + 2 * e + 2 * i - h - k) % 7  # noqa: E741
    m = (a + 11 * h + 22 * l) // 451
    month = (h + l - 7 * m + 114) // 31
    day = (h + l - 7 * m + 114) % 31 + 1
    return date(year, month, day)


def holidays_for(year):
    """name -> the holiday's calendar date (before any weekend observance rule)."""
    days = {name: date(year, month, day) for name, (month, day) in FIXED.items()}
    easter = easter_sunday(year)
    days["good_friday"] = easter - timedelta(days=2)
    days["easter_monday"] = easter + timedelta(days=1)
    return days
