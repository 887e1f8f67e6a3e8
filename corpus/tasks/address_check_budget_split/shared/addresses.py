"""What the checkout form accepts before any provider is asked: street, postcode, city."""

import re

POSTCODES = {
    "GB": re.compile(r"^[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}$"),
    "NL": re.compile(r"^\d{4}\s*[A-Z]{2}$"),
    "DE": re.compile(r"^\d{5}$"),
}


class InvalidAddress(ValueError):
    def __init__(self, field, message):
        super().__init__(f"{field}: {message}")
        self.field = field


def check_form(street, postcode, city, country="GB"):
    """-> the one-line address the providers take, or InvalidAddress naming the field."""
    if country not in POSTCODES:
        raise InvalidAddress("country", f"we do not deliver to {country!r} yet")
    if not street.strip() or not any(ch.isdigit() for ch in street):
        raise InvalidAddress("street", "give the street and house number")
    if not POSTCODES[country].match(postcode.strip().upper()):
        raise InvalidAddress("postcode", f"{postcode.strip()!r} is not a {country} postcode")
    if not city.strip():
        raise InvalidAddress("city", "the city is missing")
    return ", ".join(part.strip() for part in (street, postcode, city))
