"""Normalise contact fields so duplicates can be found: phones to +<country><number>, e-mails lower-case."""

import re


class ContactError(ValueError):
    pass


def normalise_phone(raw, default_country="44"):
    text = raw.strip()
    if not text:
        return None
    # '(0)' marks a trunk digit that is only dialled from inside the country.
    digits = re.sub(r"\D", "", text.replace("(0)", ""))
    if len(digits) < 7:
        raise ContactError(f"phone {raw!r} is too short to be a number")
    if text.startswith("+"):
        return "+" + digits
    if digits.startswith("00"):
        return "+" + digits[2:]
    if digits.startswith("0"):
        return "+" + default_country + digits[1:]
    return "+" + digits


def normalise_email(raw):
    text = raw.strip().lower()
    if not text:
        return None
    if text.count("@") != 1 or "." not in text.split("@")[1]:
        raise ContactError(f"e-mail {raw!r} is not an address")
    return text
