"""HTTP dates (RFC 9110 section 5.6.7): the IMF-fixdate we send, and the three forms we accept."""

import re
from datetime import datetime, timedelta, timezone

WEEKDAYS = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
LONG_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")

IMF_FIXDATE = re.compile(
    r"^(?P<wday>[A-Z][a-z]{2}), (?P<day>\d{2}) (?P<month>[A-Z][a-z]{2}) (?P<year>\d{4}) "
    r"(?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2}) GMT$")
RFC850 = re.compile(
    r"^(?P<wday>[A-Z][a-z]+), (?P<day>\d{2})-(?P<month>[A-Z][a-z]{2})-(?P<year>\d{2}) "
    r"(?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2}) GMT$")
ASCTIME = re.compile(
    r"^(?P<wday>[A-Z][a-z]{2}) (?P<month>[A-Z][a-z]{2}) (?P<day>[ \d]\d) "
    r"(?P<hour>\d{2}):(?P<minute>\d{2}):(?P<second>\d{2}) (?P<year>\d{4})$")


class HttpDateError(ValueError):
    pass


def as_utc(moment):
    """Naive datetimes are taken to be UTC already; aware ones are converted."""
    if moment.tzinfo is None:
        return moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc)


def format_http_date(moment):
    moment = as_utc(moment)
    weekday = WEEKDAYS[moment.weekday()]
    month = MONTHS[moment.month - 1]
    day = f"{moment.day:02d}"
    clock = f"{moment.hour:02d}:{moment.minute:02d}:{moment.second:02d}"
    return f"{weekday}, {day} {month} {moment.year:04d} {clock} GMT"


def _two_digit_year(yy, now):
    """RFC 9110: a two-digit year more than 50 years in the future is in the past century."""
    year = now.year - now.year % 100 + yy
    if year > now.year + 50:
        year -= 100
    return year


def _build(fields, year, text):
    try:
        month = MONTHS.index(fields["month"]) + 1
    except ValueError:
        raise HttpDateError(f"unknown month {fields['month']!r} in {text!r}") from None
    try:
        return datetime(year, month, int(fields["day"]), int(fields["hour"]), int(fields["minute"]),
                        int(fields["second"]), tzinfo=timezone.utc)
    except ValueError as exc:
        raise HttpDateError(f"impossible date {text!r}: {exc}") from None


def parse_http_date(text, now=None):
    """Accept IMF-fixdate, the obsolete RFC 850 form and asctime(); always answer an aware UTC datetime."""
    text = text.strip()
    now = now or datetime.now(timezone.utc)
    match = IMF_FIXDATE.match(text)
    if match:
        return _build(match, int(match["year"]), text)
    match = RFC850.match(text)
    if match:
        if match["wday"] not in LONG_WEEKDAYS:
            raise HttpDateError(f"unknown weekday {match['wday']!r} in {text!r}")
        return _build(match, _two_digit_year(int(match["year"]), now), text)
    match = ASCTIME.match(text)
    if match:
        return _build(match, int(match["year"]), text)
    raise HttpDateError(f"{text!r} is not an HTTP date (expected e.g. 'Sun, 06 Nov 1994 08:49:37 GMT')")


def cache_headers(last_modified, max_age, now):
    """Headers for a cacheable response: validators, freshness lifetime and an absolute expiry."""
    if max_age < 0:
        raise ValueError(f"max_age must be >= 0 seconds, got {max_age}")
    now = as_utc(now)
    return {
        "Date": format_http_date(now),
        "Last-Modified": format_http_date(min(as_utc(last_modified), now)),
        "Cache-Control": f"public, max-age={max_age}",
        "Expires": format_http_date(now + timedelta(seconds=max_age)),
    }


def is_modified_since(last_modified, header_value, now=None):
    """If-Modified-Since: HTTP dates have whole seconds, so compare at that precision."""
    try:
        since = parse_http_date(header_value, now)
    except HttpDateError:
        return True
    return as_utc(last_modified).replace(microsecond=0) > since
