"""Book and serial identifiers: ISBN-10, ISBN-13 and ISSN check digits and conversions.

ISBN-10: weights 10, 9, ..., 1 over all ten characters; the total is a multiple of 11; the last
         character may be X (= 10), no other may.
ISBN-13: weights 1, 3, 1, 3, ... from the left; the total is a multiple of 10. Only the 978 prefix
         has an ISBN-10 form.
ISSN:    weights 8, 7, ..., 2 over the first seven digits; check = (11 - total % 11) % 11, X for 10.
Hyphens and spaces are ignored everywhere.
"""


class IdentifierError(ValueError):
    pass


def normalise(text):
    return text.upper().replace("-", "")


def _digits(text, length, kind, x_last=False):
    code = normalise(text)
    if len(code) != length:
        raise IdentifierError(f"{text!r}: an {kind} has {length} characters (hyphens and spaces aside)")
    if not all(ch.isdigit() or (x_last and ch == "X") for ch in code):
        allowed = "digits, with X allowed only as the last character" if x_last else "digits only"
        raise IdentifierError(f"{text!r}: an {kind} holds {allowed}")
    return [10 if ch == "X" else int(ch) for ch in code]


def isbn10_check_char(first_nine):
    total = sum(d * w for d, w in zip(first_nine, range(10, 1, -1)))
    check = 11 - total % 11
    return "X" if check == 10 else str(check)


def isbn13_check_char(first_twelve):
    total = sum(d * (1 if i % 2 else 3) for i, d in enumerate(first_twelve))
    return str((10 - total % 10) % 10)


def issn_check_char(first_seven):
    total = sum(d * w for d, w in zip(first_seven, range(8, 1, -1)))
    check = (11 - total % 11) % 11
    return "X" if check == 10 else str(check)


def is_valid_isbn10(text):
    try:
        digits = _digits(text, 10, "ISBN-10", x_last=True)
    except IdentifierError:
        return False
    return sum(d * w for d, w in zip(digits, range(10, 0, -1))) % 11 == 0


def is_valid_isbn13(text):
    try:
        digits = _digits(text, 13, "ISBN-13")
    except IdentifierError:
        return False
    return isbn13_check_char(digits[:12]) == str(digits[12])


def is_valid_issn(text):
    try:
        digits = _digits(text, 8, "ISSN", x_last=True)
    except IdentifierError:
        return False
    last = "X" if digits[7] == 10 else str(digits[7])
    return issn_check_char(digits[:7]) == last


def isbn10_to_13(text):
    digits = _digits(text, 10, "ISBN-10", x_last=True)
    if not is_valid_isbn10(text):
        raise IdentifierError(f"{text!r}: the ISBN-10 check digit does not match")
    first_twelve = [9, 7, 8] + digits[:9]
    return "".join(map(str, first_twelve)) + isbn13_check_char(first_twelve)


def isbn13_to_10(text):
    digits = _digits(text, 13, "ISBN-13")
    if not is_valid_isbn13(text):
        raise IdentifierError(f"{text!r}: the ISBN-13 check digit does not match")
    return "".join(map(str, digits[3:12])) + isbn10_check_char(digits[3:12])
