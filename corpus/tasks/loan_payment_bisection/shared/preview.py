"""The first months of a quoted loan, for the customer's copy of the quote."""


def first_months(q, count=3):
    """[(month, interest, principal repaid, balance)] for the first ``count`` months of a quote."""
    rate = q.annual_percent / 100 / 12
    balance, rows = q.amount, []
    for month in range(1, min(count, q.months) + 1):
        interest = round(balance * rate, 2)
        repaid = round(q.monthly - interest, 2)
        balance = round(balance - repaid, 2)
        rows.append((month, interest, repaid, balance))
    return rows


def preview_text(q, count=3):
    return [f"month {m}: interest {i:,.2f}, principal {p:,.2f}, balance {b:,.2f}"
            for m, i, p, b in first_months(q, count)]
