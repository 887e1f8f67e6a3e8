"""Writes the bank transfer file for a payment run (layout in layout.py)."""

from layout import RECORD_LENGTH, clean_text
from payments import check_payment


class PaymentRunError(ValueError):
    pass


def _text_field(text, width):
    return clean_text(text)[:width].ljust(width)


def _pence(amount):
    return int(amount * 100)


def header_record(originator, run_date, serial):
    return f"H{originator:>6}{run_date:%y%m%d}{serial:04d}".ljust(RECORD_LENGTH)


def detail_record(payment):
    sort_code = payment.sort_code.replace("-", "")
    account = payment.account.zfill(8)
    pence = f"{_pence(payment.amount):011d}"
    name = _text_field(payment.name, 18)
    reference = _text_field(payment.reference, 18)
    return f"D{sort_code}{account}{pence}{name}{reference}".ljust(RECORD_LENGTH)


def trailer_record(payments):
    total = sum(_pence(p.amount) for p in payments)
    return f"T{len(payments):06d}{total:013d}".ljust(RECORD_LENGTH)


def build_file(originator, run_date, serial, payments):
    problems = [f"payment {i + 1}: {reason}" for i, p in enumerate(payments) for reason in check_payment(p)]
    if problems:
        raise PaymentRunError("; ".join(problems))
    if not payments:
        raise PaymentRunError("a payment run needs at least one payment")
    records = [header_record(originator, run_date, serial)]
    records += [detail_record(p) for p in payments]
    records.append(trailer_record(payments))
    return "\n".join(records)
